import { cn } from "~/lib/cn";

/** The customer's picture, or the first letter of their name (email as a fallback) on brand colour. */
export function Avatar({
  name,
  email,
  image,
  size = "md",
}: {
  name: string;
  email: string;
  image: string | null;
  size?: "md" | "lg";
}) {
  const classes = cn(
    "inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary font-bold text-on-primary",
    size === "lg" ? "size-14 text-xl" : "size-9 text-sm",
  );
  if (image) {
    return <img src={image} alt="" className={cn(classes, "object-cover")} width={56} height={56} />;
  }
  const letter = (name.trim() || email).charAt(0).toUpperCase();
  return (
    <span aria-hidden="true" className={classes}>
      {letter}
    </span>
  );
}
