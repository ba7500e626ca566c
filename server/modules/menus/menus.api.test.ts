import { describe, expect, it } from "vitest";
import { loader as homeLoader } from "~/routes/storefront/home.server";
import { adminTestContext } from "../../../tests/support/admin-test-context";
import { createPageCache } from "../../web/page-cache";
import { renderedPage } from "../../web/rendered-page";

const ctx = adminTestContext();
const { call } = ctx;

/** The home page loader's data, as the storefront renders it for an anonymous visitor. */
async function home(language: "en" | "nl" = "en") {
  const services = ctx.t.app.services;
  const company = (await services.companies.resolve(undefined))!;
  const context = {
    services,
    company,
    language,
    cspNonce: "n",
    allowSources: () => undefined,
    origin: "http://localhost",
    customer: null,
    visitorSession: null,
    staffSession: null,
    client: { ip: "127.0.0.1", userAgent: "test" },
  };
  // biome-ignore lint/suspicious/noExplicitAny: the loader's generated args type needs the whole router context
  return homeLoader({ context, request: new Request("http://localhost/"), params: {} } as any);
}

const link = (en: string, nl: string, kind: string, target: string) => ({ label: { en, nl }, kind, target });
const entry = (en: string, nl: string, kind: string, target: string, children: unknown[] = []) => ({
  ...link(en, nl, kind, target),
  children,
});

describe("GET /api/admin/menus", () => {
  it("gives the built-in menus until a school saves its own: the header and footer of before", async () => {
    const { status, body } = await call("GET", "/api/admin/menus", ctx.admin.token);
    expect(status).toBe(200);
    expect(body.saved).toBe(false);
    expect(body.header.slice(0, 2)).toMatchObject([
      { label: { en: "All courses", nl: "Alle cursussen" }, kind: "page", target: "catalog" },
      { label: { en: "Shop", nl: "Winkel" }, kind: "page", target: "shop" },
    ]);
    expect(body.footer[0].children.map((child: { target: string }) => child.target)).toEqual([
      "catalog",
      "shop",
      "aboutUs",
      "help",
      "contactUs",
      "offers",
      "terms",
      "paymentPlan",
      "privacyPolicy",
    ]);
    const shown = await ctx.t.app.services.menus.shown(ctx.companyId, "nl");
    expect(shown.header[0]).toEqual({ label: "Alle cursussen", href: "/catalog", children: [] });
  });

  it("answers 401 without a session and 403 for a role without the content area", async () => {
    expect((await call("GET", "/api/admin/menus")).status).toBe(401);
    expect((await call("GET", "/api/admin/menus", ctx.driver.token)).status).toBe(403);
    expect((await call("PUT", "/api/admin/menus", ctx.driver.token, { header: [], footer: [] })).status).toBe(
      403,
    );
  });
});

describe("PUT /api/admin/menus", () => {
  it("rejects bad entries with a message per field and changes nothing", async () => {
    const { status, body } = await call("PUT", "/api/admin/menus", ctx.admin.token, {
      header: [
        entry("", "", "page", "catalog"),
        entry("Evil", "Kwaad", "url", "javascript:alert(1)"),
        entry("Other host", "Andere host", "url", "//evil.example"),
        entry("Nowhere", "Nergens", "page", "no-such-page"),
        entry("Heading", "Kop", "none", ""),
        entry("x".repeat(61), "y", "page", "shop"),
        entry("Deep", "Diep", "page", "shop", [entry("Too deep", "Te diep", "page", "shop", [])]),
      ],
      footer: [entry("Ghost", "Spook", "category", "no-such-category")],
    });
    expect(status).toBe(400);
    expect(body.details).toEqual([
      { path: "body.header.0.label.en", message: "Please enter an English label for every menu entry" },
      { path: "body.header.1.target", message: "A custom link must start with https://, http:// or /" },
      { path: "body.header.2.target", message: "A custom link must start with https://, http:// or /" },
      { path: "body.header.3.target", message: "Choose a page from the list" },
      {
        path: "body.header.4.kind",
        message: "An entry without a link needs sub-entries (it is their heading)",
      },
      { path: "body.header.5.label.en", message: "A menu label must have at most 60 characters" },
      // Two levels only: a sub-entry has no sub-entries of its own.
      { path: "body.header.6.children.0", message: 'Unrecognized key: "children"' },
    ]);
    const again = await call("GET", "/api/admin/menus", ctx.admin.token);
    expect(again.body.saved).toBe(false);
  });

  it("names an unknown category or course at its place", async () => {
    const { status, body } = await call("PUT", "/api/admin/menus", ctx.admin.token, {
      header: [entry("Subjects", "Vakken", "none", "", [link("Ghost", "Spook", "course", "no-such-course")])],
      footer: [entry("Ghost", "Spook", "category", "no-such-category")],
    });
    expect(status).toBe(400);
    expect(body.details.fields).toEqual({
      "header.0.children.0.target": "Choose a course from the list",
      "footer.0.target": "Choose a category from the list",
    });
  });

  it("saves nested menus per language; the storefront shows them at once and its shared pages are dropped", async () => {
    const services = ctx.t.app.services;
    const { categories } = await services.catalog.listCategories(ctx.companyId, "en");
    const course = (await services.catalog.listCourses(ctx.companyId, { page: 1, limit: 1 }, "en"))
      .courses[0]!;
    const category = categories[0]!;

    // A storefront page shared by anonymous visitors, rendered once.
    const pages = createPageCache({ bus: services.cacheBus });
    let renders = 0;
    const page = {
      nonce: "n",
      render: async () => {
        renders++;
        return renderedPage(
          new Response(`<p nonce="n">${renders}</p>`, { headers: { "content-type": "text/html" } }),
        );
      },
      passThrough: () => {},
      onBackgroundError: () => {},
    };
    await pages.get(ctx.companyId, "home", page);
    expect(renders).toBe(1);

    const menus = {
      header: [
        entry("Learn", "Leren", "none", "", [
          link("A subject", "Een vak", "category", category.slug),
          link("A course", "Een cursus", "course", course.slug),
        ]),
        entry("Blog", "Blog", "url", "https://blog.example.com/"),
      ],
      footer: [entry("Help", "Hulp", "page", "help"), entry("News", "Nieuws", "url", "/news")],
    };
    const saved = await call("PUT", "/api/admin/menus", ctx.admin.token, menus);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...menus, saved: true });
    expect((await call("GET", "/api/admin/menus", ctx.admin.token)).body).toMatchObject({
      ...menus,
      saved: true,
    });

    expect(await services.menus.shown(ctx.companyId, "nl")).toEqual({
      header: [
        {
          label: "Leren",
          href: null,
          children: [
            { label: "Een vak", href: `/catalog?category=${category.slug}` },
            { label: "Een cursus", href: `/single-course/${course.slug}` },
          ],
        },
        { label: "Blog", href: "https://blog.example.com/", children: [] },
      ],
      footer: [
        { label: "Hulp", href: "/help", children: [] },
        { label: "Nieuws", href: "/news", children: [] },
      ],
    });
    expect((await services.menus.shown(ctx.companyId, "en")).header[0]!.label).toBe("Learn");

    // The page cache does not serve the old menus: the next visitor gets a fresh render.
    await pages.get(ctx.companyId, "home", page);
    expect(renders).toBe(2);

    const audit = await services.audit.list(ctx.companyId, { page: 1, limit: 1, entity: "settings" });
    expect(audit.items[0]).toMatchObject({ entityId: "menus", staff: { email: ctx.admin.email } });
  });

  it("keeps each school's menus to itself", async () => {
    const theirs = await call("GET", "/api/admin/menus", ctx.other.admin.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.saved).toBe(false);
  });
});

describe("home page sliders and featured categories (PUT /api/admin/settings/storefront)", () => {
  it("rejects a slide without an image or with a bad link, and a category chosen twice", async () => {
    const { status, body } = await call("PUT", "/api/admin/settings/storefront", ctx.admin.token, {
      slides: [
        { image: "", title: { en: "No image" } },
        { image: "/images/hero.svg", link: "javascript:alert(1)" },
        { image: "/images/hero.svg", title: { en: "x".repeat(121) } },
      ],
      featuredCategories: ["maths", "maths"],
    });
    expect(status).toBe(400);
    expect(body.details.fields).toMatchObject({
      "slides.0.image": "Please upload an image for every slide",
      "slides.1.link": "A slide link must start with https://, http:// or /",
      "slides.2.title.en": "A slide title must have at most 120 characters",
      featuredCategories: "Choose each featured category once",
    });
  });

  it("shows no carousel and no featured section when none are set", async () => {
    await call("PUT", "/api/admin/settings/storefront", ctx.admin.token, {
      slides: [],
      featuredCategories: [],
    });
    const data = await home();
    expect(data.slides).toEqual([]);
    expect(data.featuredCategories).toEqual([]);
  });

  it("shows the active slides in their order and the chosen categories in theirs, per language", async () => {
    const { categories } = await ctx.t.app.services.catalog.listCategories(ctx.companyId, "en");
    const [first, second] = categories.filter((category) => category.parentId === null);
    const saved = await call("PUT", "/api/admin/settings/storefront", ctx.admin.token, {
      slides: [
        {
          image: "/images/hero.svg",
          title: { en: "Spring term", nl: "Voorjaarstrimester" },
          link: "/catalog",
        },
        { image: "/images/promo.svg", title: { en: "Hidden" }, active: false },
        { image: "/images/promo.svg", title: { en: "Summer camp" }, text: { en: "Outdoors" } },
      ],
      featuredCategories: [second!.slug, first!.slug],
    });
    expect(saved.status).toBe(200);
    const data = await home("nl");
    expect(data.slides).toEqual([
      { image: "/images/hero.svg", title: "Voorjaarstrimester", text: "", link: "/catalog" },
      { image: "/images/promo.svg", title: "Summer camp", text: "Outdoors", link: "" },
    ]);
    expect(data.featuredCategories.map((category: { slug: string }) => category.slug)).toEqual([
      second!.slug,
      first!.slug,
    ]);
  });
});
