import type { ComponentPropsWithoutRef, ElementType } from "react";
import { cn } from "~/lib/cn";

type ContainerProps<T extends ElementType> = { as?: T } & ComponentPropsWithoutRef<T>;

/** The page-width container: full width up to 1740px, with responsive side padding. */
export function Container<T extends ElementType = "div">({ as, className, ...props }: ContainerProps<T>) {
  const Component: ElementType = as ?? "div";
  return <Component className={cn("container-page", className)} {...props} />;
}
