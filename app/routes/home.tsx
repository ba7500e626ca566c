import { Link } from "react-router";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog } = context.services;
  const list = await catalog.listCourses(context.company.id, { page: 1, limit: 12 }, context.language);
  return { courses: list.courses };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1>Courses</h1>
      <ul>
        {loaderData.courses.map((course) => (
          <li key={course.id}>
            <Link to={`/single-course/${course.slug}`}>{course.title}</Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
