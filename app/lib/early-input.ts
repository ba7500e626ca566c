/**
 * What a person types, ticks, chooses or presses before the page has hydrated (decision 018).
 *
 * The pages are rendered on the server and their scripts load after the first frame
 * (deferred-hydration.ts), so on a slow phone there is a wide window in which the fields are there
 * but React is not: people type in it and password managers fill in it. When React then hydrates,
 * a controlled field (React state, React Aria's fields, the checkout) still has its first, empty
 * state, and the next render puts that on screen: the text is gone, or worse, it stays on screen
 * while the state (what the form sends) is empty.
 *
 * This script runs inline at the end of `<head>` (entry.server.tsx puts it there, so none of it is
 * in the JavaScript bundles): until hydration it notes, per field, the last value each `input` or
 * `change` event left (typing, a password manager's fill, a tick, a choice), and the buttons marked
 * `data-early-click` that were pressed (add to cart, which needs scripts). Once React has hydrated
 * the page, root.tsx calls `window.__earlyInput()` from a layout effect; after that commit (and the
 * renders it set off) it hands each noted field its value again and dispatches the event React
 * listens to for it, so every `onChange` runs as if the person had typed just then and the state
 * matches the screen; then it presses the noted buttons. A field React re-created is found again
 * by its id. Uncontrolled fields keep their text through hydration anyway (React 19 leaves a
 * hydrated field's value alone); for them the replay changes nothing.
 *
 * A form sent before hydration is a plain form post (every form works without scripts); one sent
 * during hydration is handled by React, which hydrates first and then sends what the fields hold.
 *
 * Self-contained: it is serialised with `toString()`, so it may use no imports or helpers.
 */
export function earlyInput(): void {
  type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  /** React's record of the value it last saw (react-dom's inputValueTracking). */
  type Tracked = { _valueTracker?: { setValue(value: string): void } };
  const noted = new Map<Field, string | boolean | string[]>();
  const pressed: HTMLElement[] = [];
  let done = false;
  const isField = (target: unknown): target is Field =>
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement;
  const note = (event: Event) => {
    const field = event.target;
    if (done || !isField(field) || field.type === "hidden") return;
    // The last change last: of two radios of a group, the one chosen later wins.
    noted.delete(field);
    noted.set(
      field,
      field instanceof HTMLSelectElement
        ? Array.from(field.selectedOptions, (option) => option.value)
        : field.type === "checkbox" || field.type === "radio"
          ? (field as HTMLInputElement).checked
          : field.value,
    );
  };
  addEventListener("input", note, true);
  addEventListener("change", note, true);
  // Bubbling, so a press React handles itself (it hydrates at once on a press) is not noted again.
  addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target.closest("[data-early-click]") : null;
    if (!done && target instanceof HTMLElement) pressed.push(target);
  });
  const replay = () => {
    for (const [seen, value] of noted) {
      const field = seen.isConnected ? seen : seen.id ? document.getElementById(seen.id) : null;
      if (!isField(field) || field.disabled) continue;
      const tracker = (field as Tracked)._valueTracker;
      let type = "input";
      if (field instanceof HTMLSelectElement) {
        if (!Array.isArray(value)) continue;
        for (const option of Array.from(field.options)) option.selected = value.includes(option.value);
        type = "change";
      } else if (typeof value === "boolean") {
        (field as HTMLInputElement).checked = value;
        // React sends onChange of a check box or radio on `click`, when `checked` differs from its record.
        tracker?.setValue(String(!value));
        type = "click";
      } else if (field.type === "file") {
        type = "change";
      } else if (typeof value === "string") {
        field.value = value;
        // React sends onChange on `input` only when the value differs from its record.
        tracker?.setValue(`${value}\u0000`);
      }
      // A plain Event: a MouseEvent "click" would tick the box again.
      field.dispatchEvent(new Event(type, { bubbles: true }));
      // And the person has moved on from it: fields that take their value on blur (React Aria's
      // NumberField puts the number in its hidden form input then) do so now.
      if (field !== document.activeElement)
        field.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
    }
    noted.clear();
    for (const target of pressed.splice(0)) if (target.isConnected) target.click();
  };
  (window as unknown as EarlyInputWindow).__earlyInput = () => {
    if (done) return;
    done = true;
    // After the hydration commit and the renders its layout effects set off, before the next paint.
    queueMicrotask(replay);
  };
}

export interface EarlyInputWindow {
  /** Set by the inline script `earlyInput`; root.tsx calls it once the page has hydrated. */
  __earlyInput?: () => void;
}

/** The inline script's text (entry.server.tsx puts it at the end of `<head>`, with the CSP nonce). */
export const EARLY_INPUT_SCRIPT = `(${earlyInput.toString()})();`;
