import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("single-course/:id", "routes/single-course.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("payment", "routes/payment.tsx"),
  route("thank-you", "routes/thank-you.tsx"),
  layout("routes/user-area.tsx", [
    // Signed-in customer pages go here.
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
