import { readFileSync } from "node:fs";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
// The file itself: the config loader bundles relative imports, not the workspace package.
import { HOME_POR_ROL } from "../domain/src/menus/menu";
import { IDIOMA_POR_DEFECTO, IDIOMAS } from "../domain/src/sesion/usuario-sesion";
import { estilosMantine, GRUPO_ESTILOS_MANTINE, variablesDelTema } from "./estilos-mantine";
import { hojaInicialSinBloquear } from "./src/app/hoja-inicial";
import { RUTAS_PUBLICAS } from "./src/app/rutas-publicas";
import { IDIOMAS_WEB } from "./src/lib/idiomas-web";

// scripts/build-web.mjs sets FILA_APP_VERSION so the bundle and assets/config.json agree.
const version = process.env.FILA_APP_VERSION ?? "dev";
const api = process.env.FILA_API_URL ?? "http://localhost:3000";

/**
 * Mantine's components and what they are built on: the pieces nearly every page uses (what the
 * pages without a session use is taken first by BASICOS, below).
 */
const COMUNES =
  /node_modules[\\/](@mantine[\\/](core|store)|@floating-ui|@tabler[\\/]icons-react|@tanstack|react-number-format|react-textarea-autosize)[\\/]/;

/**
 * What the pages without a session (the login, the password reset, the privacy page) draw, and
 * what that is built on: a chunk of their own, so that the login does not download the shared
 * chunk below (popovers, number inputs, every page's icons) before it works.
 * e2e/specs/rendimiento.spec.ts checks that those pages never load `comun`.
 */
const BASICOS = new RegExp(
  [
    String.raw`@mantine[\\/]core[\\/]esm[\\/](core|utils)[\\/]`,
    String.raw`@mantine[\\/]core[\\/]esm[\\/]components[\\/](ActionIcon|Alert|Anchor|Box|Button|Center|CloseButton|Container|Divider|Group|Input|InputBase|Loader|Notification|Paper|PasswordInput|Portal|Stack|Text|TextInput|ThemeIcon|Title|Typography|UnstyledButton)[\\/]`,
    String.raw`@mantine[\\/]hooks[\\/]`,
    String.raw`@tanstack[\\/]react-query[\\/]`,
    // The notifications container, which every page mounts (src/app/notificaciones.tsx).
    String.raw`node_modules[\\/](clsx|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib)[\\/]`,
    String.raw`@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes|icons[\\/]Icon(AlertCircle|Check|CircleCheck|Flag|Login2))\.mjs$`,
  ].join("|"),
);

const leer = (fichero: string) => readFileSync(path.join(import.meta.dirname, fichero), "utf8");

/** The texts file of each language of the UI (src/lib/i18n.ts), as built. */
const textosPorIdioma = Object.fromEntries(
  IDIOMAS.map((idioma) => [idioma, JSON.parse(leer(`public/assets/i18n/${idioma}.json`))]),
);

/**
 * The boot picture (arranque/): its style and script inlined into index.html so that the first
 * paint needs nothing but the document, with the few texts it shows taken from each language's
 * texts file and each role's home from @fila/domain.
 */
function arranque() {
  const datos = {
    textos: Object.fromEntries(
      Object.entries(textosPorIdioma).map(([idioma, textos]) => [
        idioma,
        {
          lang: IDIOMAS_WEB[idioma as keyof typeof IDIOMAS_WEB].lang,
          app: textos.app.nombre,
          saludo: textos.homes.saludo,
          subtitulo: textos.login.subtitulo,
          // The introduction of each role's home (src/features/homes/*-home-page.tsx).
          intros: {
            socio: textos.homes.introSocio,
            usuario: textos.homes.introUsuario,
            administrador: textos.homes.introAdmin,
          },
          push: { titulo: textos.alertas.push.titulo, texto: textos.alertas.push.texto },
        },
      ]),
    ),
    idiomaPorDefecto: IDIOMA_POR_DEFECTO,
    homes: HOME_POR_ROL,
    // Signed out, every other page ends on the login: these show themselves instead.
    paginasSinLogin: [...RUTAS_PUBLICAS].filter((ruta) => ruta !== "" && ruta !== "login"),
  };
  return {
    name: "fila-arranque",
    transformIndexHtml: () => [
      { tag: "style", children: leer("arranque/arranque.css"), injectTo: "head" as const },
      {
        tag: "script",
        children: `var DATOS_ARRANQUE = ${JSON.stringify(datos)};\n${leer("arranque/arranque.js")}`,
        injectTo: "body" as const,
      },
    ],
  };
}

/**
 * Nothing renders before the texts (src/lib/i18n.ts): their file is fetched along with the entry
 * script instead of after it has run, in the device's language (localStorage `idioma`, as
 * src/lib/i18n.ts reads it), so that a Valencian phone does not download es.json for nothing and
 * then wait for va.json. Same URL and mode as src/lib/i18n.ts's fetch, so it is downloaded once.
 * A small script in the head (the server allows it by its hash, like the boot picture's).
 */
function precargaTextos() {
  const script = `(function () {
  var idiomas = ${JSON.stringify(IDIOMAS)};
  var idioma = ${JSON.stringify(IDIOMA_POR_DEFECTO)};
  try {
    var guardado = localStorage.getItem("idioma");
    if (idiomas.indexOf(guardado) >= 0) idioma = guardado;
  } catch (e) {}
  var enlace = document.createElement("link");
  enlace.rel = "preload";
  enlace.as = "fetch";
  enlace.crossOrigin = "anonymous";
  enlace.href = "/assets/i18n/" + idioma + ".json?v=" + ${JSON.stringify(version)};
  document.head.appendChild(enlace);
})();`;
  return {
    name: "fila-precarga-textos",
    transformIndexHtml: () => [{ tag: "script", children: script, injectTo: "head" as const }],
  };
}

/**
 * The entry's stylesheet preloaded instead of blocking the first paint (src/app/hoja-inicial.ts):
 * the boot picture paints with the document alone, and main.tsx applies the stylesheet before
 * React draws. After Vite has written its tags into index.html.
 */
function hojaInicial() {
  return {
    name: "fila-hoja-inicial",
    transformIndexHtml: { order: "post" as const, handler: hojaInicialSinBloquear },
  };
}

export default defineConfig({
  plugins: [
    react(),
    estilosMantine(),
    variablesDelTema(),
    arranque(),
    precargaTextos(),
    hojaInicial(),
    // Our own service worker (src/sw/sw.ts): app-shell precache + Web Push. The manifest is
    // served by the API from the association's settings, so the plugin writes none.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src/sw",
      filename: "sw.ts",
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png,json,woff2}"],
        globIgnores: ["assets/config.json"],
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: api, changeOrigin: false },
      "/assets/config.json": { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // @fila/domain is pure (no I/O, no globals touched when imported): what a chunk does
        // not use of it (most zod schemas, IBAN checks…) is left out, so the entry script does
        // not carry, nor run, the schemas of every area.
        moduleSideEffects: (id) =>
          /[\\/]packages[\\/]domain[\\/]src[\\/]/.test(id) ? false : undefined,
      },
      output: {
        codeSplitting: {
          // What the entry script imports statically is needed before anything paints, so it
          // goes out as one chunk instead of ~30 small shared ones, each a request (and on a
          // phone's connection a round trip) of its own. Lazily loaded pages keep their own
          // chunks and share the rest as before.
          groups: [
            { name: "inicial", tags: ["$initial"], priority: 3 },
            {
              // Mantine's stylesheets that the entry does not load (src/app/estilos-iniciales.ts
              // and estilos-mantine.ts): one file for every page that draws other components,
              // never a part of the shared chunks below, which the login and the homes load.
              name: GRUPO_ESTILOS_MANTINE,
              priority: 2,
              test: /node_modules[\\/]@mantine[\\/]core[\\/]styles[\\/]/,
            },
            { name: "basico", minShareCount: 2, priority: 1.5, test: BASICOS },
            {
              // The Mantine components, icons and hooks that several pages share, in one chunk
              // instead of dozens of 1–2 KB ones: on a phone's HTTP/1.1 connections each was a
              // request that queued ahead of the API calls (the socio home asked for 77 things
              // before its largest paint, 35–50 now). The large libraries of a few pages (dates,
              // rich text, charts, tables) and the app's own modules stay apart.
              name: "comun",
              minShareCount: 2,
              priority: 1,
              test: COMUNES,
            },
          ],
        },
      },
    },
  },
});
