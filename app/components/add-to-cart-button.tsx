import { Check, ShoppingBag } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { addToCart, type CartItem, MAX_CART_ITEMS, useCart } from "~/lib/cart-store";
import { paths } from "~/lib/paths";

/**
 * Puts a course in the cart. Once it is there, the button becomes a link to the cart
 * ("In cart" on a card, "Go to cart" on the course page), so a course is never added twice.
 */
export function AddToCartButton({
  course,
  variant = "card",
  className,
}: {
  course: CartItem;
  variant?: "card" | "page";
  className?: string;
}) {
  const { t } = useTranslation();
  const items = useCart();
  const [full, setFull] = useState(false);
  const inCart = items.some((item) => item.id === course.id);
  const size = variant === "page" ? "lg" : "md";

  if (inCart) {
    return (
      <Link to={paths.cart()} className={buttonClasses({ variant: "secondary", size, className })}>
        <Check aria-hidden="true" />
        {variant === "page" ? t("cart.goToCart") : t("cart.inCart")}
        {variant === "card" && <span className="sr-only">: {t("cart.goToCart")}</span>}
      </Link>
    );
  }
  return (
    <>
      <Button
        variant="accent"
        size={size}
        className={className}
        // Pressed before the page has hydrated, it is pressed again once it has (app/lib/early-input.ts).
        data-early-click=""
        onClick={() =>
          setFull(
            !addToCart({
              id: course.id,
              slug: course.slug,
              title: course.title,
              image: course.image,
              priceCents: course.priceCents,
              salePriceCents: course.salePriceCents,
              currency: course.currency,
            }),
          )
        }
      >
        {variant === "page" && <ShoppingBag aria-hidden="true" />}
        {variant === "page" ? t("cart.addNow") : t("cart.add")}
        <span className="sr-only"> {t("cart.addIn", { title: course.title })}</span>
      </Button>
      {full && (
        <p role="alert" className="text-sm text-danger">
          {t("cart.full", { count: MAX_CART_ITEMS })}
        </p>
      )}
    </>
  );
}
