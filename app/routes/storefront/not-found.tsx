import { data } from "react-router";

/** Every unknown path: the 404 status is thrown here and the root error boundary renders the page. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
