import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("single-course/:id", "routes/single-course.tsx"),
  route("catalog", "routes/catalog.tsx"),
  route("general-terms-and-conditions", "routes/general-terms-and-conditions.tsx"),
  route("payment-plan-agreement", "routes/payment-plan-agreement.tsx"),
  layout("routes/user-area.tsx", [
    // Signed-in customer pages go here.
    route("user-invoice", "routes/user-invoice.tsx"),
    route("single-invoice/:id", "routes/single-invoice.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
