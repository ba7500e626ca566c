/** Shop types shared with the server (types only: no server code reaches the browser). */
export type {
  ProductCard,
  ProductDetail,
  ProductList,
} from "~server/modules/products/store-products.schemas";
