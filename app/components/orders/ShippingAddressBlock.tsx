import { addressLines, type ShippingAddress } from "#domain/address.ts";

/**
 * An order's ship-to address as every order view prints it ('Mis Pedidos', the admin's order page,
 * the packing slip): name, street and colonia, city, state and zip code, country, phone and the
 * references for the carrier. `phone` stands in when the address carries none.
 */
export function ShippingAddressBlock({ address, phone, className }: { address: ShippingAddress; phone?: string; className?: string }) {
  const [line1, line2] = addressLines(address);
  const tel = address.phone || phone;
  return (
    <address className={className}>
      {address.name}
      <br />
      {line1}
      <br />
      {line2}
      <br />
      {address.country}
      {tel ? (
        <>
          <br />
          {`Tel. ${tel}`}
        </>
      ) : null}
      {address.references ? (
        <>
          <br />
          {`Referencias: ${address.references}`}
        </>
      ) : null}
    </address>
  );
}
