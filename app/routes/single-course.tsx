import { data } from "react-router";
import type { Route } from "./+types/single-course";

export async function loader({ context, params }: Route.LoaderArgs) {
  const course = await context.services.catalog.getCourse(context.company.id, params.id, context.language);
  if (!course) throw data(null, { status: 404 });
  return { course };
}

export default function SingleCourse({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1>{loaderData.course.title}</h1>
    </main>
  );
}
