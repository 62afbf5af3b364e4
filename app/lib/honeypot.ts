/** The honeypot field public forms carry: people leave it empty (it is hidden), naive bots fill it. */
export const HONEYPOT_FIELD = "sitio_web";
