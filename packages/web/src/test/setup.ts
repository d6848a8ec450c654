import { notifications } from "@mantine/notifications";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";
import es from "../../public/assets/i18n/es.json";
import { queryClient } from "../app/providers";
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
  // Mantine's notifications live in a module-level store: left there, they would show in the next
  // test (several «alert»s) and, past its limit of five, keep new ones waiting in the queue.
  notifications.clean();
  notifications.cleanQueue();
  localStorage.clear();
  sessionStorage.clear();
});

// Each worker runs its files one after another in the same page and with the same modules
// (`isolate: false` in vitest.config.ts): nothing a file changed reaches the next one. This file
// runs again before each of them, so the Spanish texts (and the page's lang) come back above.
afterAll(() => {
  queryClient.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = "";
  document.body.innerHTML = "";
  for (const nodo of [document.body, document.documentElement])
    for (const { name } of [...nodo.attributes]) nodo.removeAttribute(name);
});
