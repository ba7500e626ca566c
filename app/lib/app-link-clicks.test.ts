import { describe, expect, it } from "vitest";
import { APP_LINK_ATTRIBUTE, appLinkTarget, type LinkClick } from "./app-link-clicks";

const ORIGIN = "https://school.example";

/** A click on an image inside an anchor with these attributes (`href` resolved as a browser does). */
function clickInside(attributes: Record<string, string>, init: Partial<LinkClick> = {}): LinkClick {
  const link = {
    href: new URL(attributes.href ?? "", ORIGIN).href,
    target: attributes.target ?? "",
    hasAttribute: (name: string) => name in attributes,
  };
  const image = {
    closest: (selector: string) =>
      selector === `a[${APP_LINK_ATTRIBUTE}]` && APP_LINK_ATTRIBUTE in attributes ? link : null,
  };
  return {
    target: image as unknown as EventTarget,
    defaultPrevented: false,
    button: 0,
    metaKey: false,
    altKey: false,
    ctrlKey: false,
    shiftKey: false,
    ...init,
  };
}

const own = { href: "/single-course/a?x=1#top", [APP_LINK_ATTRIBUTE]: "" };

describe("clicks on plain in-app anchors", () => {
  it("go to the anchor's address inside the app, clicked on what it holds", () => {
    expect(appLinkTarget(clickInside(own), ORIGIN)).toBe("/single-course/a?x=1#top");
  });

  it("are left to the browser with a modifier key or another button, or when already handled", () => {
    for (const init of [
      { ctrlKey: true },
      { metaKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
      { defaultPrevented: true },
    ])
      expect(appLinkTarget(clickInside(own, init), ORIGIN)).toBeUndefined();
  });

  it("are left to the browser for another window, a download, another origin or an unmarked anchor", () => {
    expect(appLinkTarget(clickInside({ ...own, target: "_blank" }), ORIGIN)).toBeUndefined();
    expect(appLinkTarget(clickInside({ ...own, target: "_self" }), ORIGIN)).toBe("/single-course/a?x=1#top");
    expect(appLinkTarget(clickInside({ ...own, download: "" }), ORIGIN)).toBeUndefined();
    expect(appLinkTarget(clickInside({ ...own, href: "https://other.example/x" }), ORIGIN)).toBeUndefined();
    expect(appLinkTarget(clickInside({ href: "/single-course/a" }), ORIGIN)).toBeUndefined();
  });
});
