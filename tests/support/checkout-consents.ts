/** What every checkout sends besides the cart: the general terms and immediate access (terms §7). */
export const CHECKOUT_CONSENTS = { acceptTerms: true, immediateAccess: true } as const;

/** Something with Playwright's `getByRole`: a page or a part of one. */
interface HasRoles {
  getByRole(
    role: "checkbox",
    options: { name: RegExp },
  ): { check(): Promise<void>; isChecked(): Promise<boolean> };
}

/** Ticks the two checkout boxes as a person does (by their labels, English wording). */
export async function giveCheckoutConsents(page: HasRoles): Promise<void> {
  await page.getByRole("checkbox", { name: /general terms and conditions/ }).check();
  await page.getByRole("checkbox", { name: /access to the course straight away/ }).check();
}
