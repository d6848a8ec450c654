import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import es from "../../public/assets/i18n/es.json";
import { cargarTextos } from "../lib/i18n";

// findBy… waits up to 5 s rather than Testing Library's 1 s: with the API suite running beside it
// on two cores, a whole-app render after a fetch took longer than 1 s now and then («Hola, Pep»
// not found in app.test.tsx). A wait budget, not a timing assertion: nothing fails for being slow.
configure({ asyncUtilTimeout: 5000 });

// Mantine reads these browser APIs, which jsdom lacks.
Object.defineProperty(window, "matchMedia", {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverFalso {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.defineProperty(window, "ResizeObserver", {
  writable: true,
  configurable: true,
  value: ResizeObserverFalso,
});
Object.defineProperty(window, "scrollTo", { writable: true, configurable: true, value: () => {} });
Object.defineProperty(window.HTMLElement.prototype, "scrollIntoView", {
  writable: true,
  configurable: true,
  value: () => {},
});
// Textarea autosize listens to font loading, which jsdom lacks.
if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

// The real texts, loaded from the same file the app fetches.
cargarTextos(es);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
