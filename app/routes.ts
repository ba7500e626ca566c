import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("single-course/:id", "routes/single-course.tsx"),
  route("customer-signin", "routes/customer-signin.tsx"),
  route("customer-signup", "routes/customer-signup.tsx"),
  route("user/forgot-password", "routes/user.forgot-password.tsx"),
  route("user/reset-password/:token", "routes/user.reset-password.tsx"),
  route("logout", "routes/logout.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("payment", "routes/payment.tsx"),
  route("thank-you", "routes/thank-you.tsx"),
  layout("routes/user-area.tsx", [
    // Signed-in customer pages go here.
    route("user-dashboard", "routes/user-dashboard.tsx"),
    route("user-details", "routes/user-details.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
