import { formatMoney } from "#domain/format.ts";

/**
 * A price: the sale price in red with the regular price struck through (and,
 * on the product page, the rounded percent off), or just the price. `from`:
 * a list card of a product whose variants differ in price reads 'desde $…'.
 */
export function Price({
  price,
  salePrice,
  percentOff,
  from,
  className,
}: {
  price: number;
  salePrice: number | null;
  percentOff?: number;
  from?: boolean;
  className?: string;
}) {
  const prefix = from ? <span className="price-from">desde </span> : null;
  if (salePrice !== null && salePrice < price) {
    return (
      <p className={`price ${className ?? ""}`}>
        {prefix}
        <span className="price-sale">
          <span className="visually-hidden">Precio de oferta: </span>
          {formatMoney(salePrice)}
        </span>{" "}
        <s className="price-old">
          <span className="visually-hidden">Precio normal: </span>
          {formatMoney(price)}
        </s>
        {percentOff ? (
          <>
            {" "}
            <span className="percent-off">-{percentOff}%</span>
          </>
        ) : null}
      </p>
    );
  }
  return (
    <p className={`price ${className ?? ""}`}>
      {prefix}
      {formatMoney(price)}
    </p>
  );
}
