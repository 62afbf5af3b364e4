import { data } from "react-router";
import type { Route } from "./+types/bench.tarjetas";
import type { ProductCardDto } from "#server/catalog/product-dto.ts";
import { ProductCard } from "#app/components/ProductCard.tsx";

/**
 * Benchmark baseline (npm run bench): 24 product cards from constants, in the
 * same layout as the list, without touching the database. Only served when
 * BENCH_BASELINE=true.
 */
const CARDS: ProductCardDto[] = Array.from({ length: 24 }, (_, i) => ({
  _id: (0xabc000 + i).toString(16).padStart(24, "0"),
  name: `Carta de referencia ${i + 1}`,
  price: 100 + i * 10,
  salePrice: i % 5 === 0 ? 80 + i * 10 : null,
  finalPrice: i % 5 === 0 ? 80 + i * 10 : 100 + i * 10,
  onSale: i % 5 === 0,
  stock: i % 7 === 0 ? 0 : 5,
  rarity: "Ultra Rare",
  type: "Pokémon",
  expansion: "Surging Sparks",
  images: [`/media/demo/${(0xabc000 + i).toString(16).padStart(24, "0")}-front.webp`],
}));

export function loader() {
  if (process.env.BENCH_BASELINE !== "true") throw data(null, { status: 404 });
  return { cards: CARDS };
}

export default function BenchBaseline({ loaderData }: Route.ComponentProps) {
  return (
    <div className="catalog">
      <h1>Referencia</h1>
      <ul className="product-grid">
        {loaderData.cards.map((product, i) => (
          <li key={product._id}>
            <ProductCard product={product} inCart={0} eager={i < 4} />
          </li>
        ))}
      </ul>
    </div>
  );
}
