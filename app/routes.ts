import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("single-course/:id", "routes/single-course.tsx"),
  route("course-video/:id", "routes/course-video.tsx"),
  route("course-review/:id", "routes/course-review.tsx"),
  layout("routes/user-area.tsx", [
    // Signed-in customer pages go here.
    route("user-courses", "routes/user-courses.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
