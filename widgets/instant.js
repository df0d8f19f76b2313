// Instant navigation wherever the site is served. mkdocs-material follows a link instantly only
// when its address, port and path included, is in sitemap.xml, whose addresses are built from
// site_url: served at any other port or path (python -m http.server, a preview), every link
// reloads the page and the engine starts cold again. Here the sitemap's addresses are read
// relative to its home page and resolved against where the site is actually served; a link to
// one of those pages that the theme would not take is handed to the theme's own navigation
// (its location$), as its click handler would have done.
const config = JSON.parse(document.getElementById("__config")?.textContent || "null");
let known = null;  // { pages: addresses here, theirs: addresses the theme follows itself }

async function readSitemap() {
  const scope = new URL(config.base, location.href);
  const response = await fetch(new URL("sitemap.xml", scope));
  if (!response.ok) return;
  const xml = new DOMParser().parseFromString(await response.text(), "application/xml");
  const locs = [...xml.querySelectorAll("url > loc")].map((node) => node.textContent.trim());
  const home = locs.find((loc) => locs.every((other) => other.startsWith(loc)));
  if (!home) return;
  const theirs = new Set(locs.map((loc) => {
    const url = new URL(loc);  // the theme's own reading: protocol and host name from here
    url.protocol = location.protocol;
    url.hostname = location.hostname;
    return url.href;
  }));
  known = { pages: new Set(locs.map((loc) => new URL(loc.slice(home.length), scope).href)), theirs };
}

function follow(event) {
  if (!known || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!link || link.target || link.hasAttribute("download")) return;
  const url = new URL(link.href);
  const page = new URL(url);
  page.hash = page.search = "";
  if (!known.pages.has(page.href) || known.theirs.has(page.href)) return;
  if (page.pathname === window.rulesShownPath) return;  // within the page: main.js
  event.preventDefault();
  link.target = "_self";  // the theme leaves the click alone
  setTimeout(() => link.removeAttribute("target"));
  history.replaceState({ x: window.scrollX, y: window.scrollY }, "");
  history.pushState(null, "", url);
  window.location$.next(url);
}

// Imported by main.js only where the site is not served at site_url (where it is, the theme
// follows every link of the sitemap itself, and the sitemap is not fetched a second time).
if (config?.features?.includes("navigation.instant") && location.protocol !== "file:"
    && typeof window.location$?.next === "function") {
  readSitemap().catch(() => {});
  window.addEventListener("click", follow, true);
}
