import { minorUnitsToDecimal } from "~shared/money";
import type { ProductDetail } from "./types";

/** schema.org `Product` with its offer (the lowest price) for search engines. */
export function productJsonLd({
  product,
  url,
  images,
}: {
  product: ProductDetail;
  url: string;
  images: string[];
}) {
  const price = product.salePriceCents ?? product.priceCents;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description: product.description,
    url,
    ...(images.length > 0 ? { image: images } : {}),
    ...(product.sku ? { sku: product.sku } : {}),
    offers: {
      "@type": "Offer",
      price: minorUnitsToDecimal(price, product.currency),
      priceCurrency: product.currency,
      availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
      url,
    },
  };
}
