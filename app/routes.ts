import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("catalog", "routes/catalog.tsx"),
  route("single-course/:id", "routes/single-course.tsx"),
  route("course-video/:id", "routes/course-video.tsx"),
  route("course-review/:id", "routes/course-review.tsx"),
  route("customer-signin", "routes/customer-signin.tsx"),
  route("customer-signup", "routes/customer-signup.tsx"),
  route("user/forgot-password", "routes/user.forgot-password.tsx"),
  route("user/reset-password/:token", "routes/user.reset-password.tsx"),
  route("logout", "routes/logout.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("payment", "routes/payment.tsx"),
  route("thank-you", "routes/thank-you.tsx"),
  route("general-terms-and-conditions", "routes/general-terms-and-conditions.tsx"),
  route("payment-plan-agreement", "routes/payment-plan-agreement.tsx"),
  layout("routes/user-area.tsx", [
    route("user-dashboard", "routes/user-dashboard.tsx"),
    route("user-details", "routes/user-details.tsx"),
    route("user-courses", "routes/user-courses.tsx"),
    route("user-invoice", "routes/user-invoice.tsx"),
    route("single-invoice/:id", "routes/single-invoice.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
