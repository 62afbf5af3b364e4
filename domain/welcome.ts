/**
 * The welcome after sign-up (docs/requirements.md#accounts-and-sessions): the page a new customer
 * lands on greets them by the name their account holds. Its own small module: the shell's chunk
 * (app/root.tsx) loads it on every page (docs/architecture.md#the-browsers-chunks).
 */
export function welcomeText(name: string): string {
  return `Bienvenido, ${name}: tu cuenta está lista`;
}
