import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import MagicString from "magic-string";
import type { Plugin } from "vite";
import { cssDeLasVariablesDelTema, MODULO_VARIABLES_TEMA } from "./src/app/variables-tema";

/** The name of the chunk (a group in vite.config.ts) with the stylesheets the entry does not load. */
export const GRUPO_ESTILOS_MANTINE = "estilos-mantine";

/**
 * The theme's CSS variables as a stylesheet of the build (src/app/variables-tema.ts), imported by
 * the entry's stylesheet right after Mantine's default ones, where the provider's `<style>` would
 * have overridden them at every start.
 */
export function variablesDelTema(): Plugin {
  const id = "\0variables-tema.css";
  return {
    name: "fila:variables-tema",
    resolveId: (fuente) => (fuente === MODULO_VARIABLES_TEMA ? id : undefined),
    load: (modulo) => (modulo === id ? cssDeLasVariablesDelTema() : undefined),
  };
}

/**
 * Mantine's stylesheet per component instead of all of it (`@mantine/core/styles.css`, 248 KB,
 * which every style recalculation of every page matched against). Each module that imports
 * components from `@mantine/core` (ours, and those of `@mantine/dates`, `mantine-datatable`…)
 * gets, ahead of its own code, `import "@mantine/core/styles/<Component>.css"` for each of
 * those components and for the ones they are built on (Button on UnstyledButton and Loader,
 * Select on Combobox, Input and Popover…). What a component is built on is read from
 * @mantine/core's own modules: each `<Component>.module.mjs` it imports, directly or through
 * other components, is one of those stylesheets (the same name). A page therefore cannot end up
 * without the styles of a component it draws. They are imported in the order they have in the
 * full stylesheet, where a component's rules come after those of what it is built on.
 *
 * `baseline.css`, `default-css-variables.css` and `global.css` go first, with the components the
 * entry loads (src/app/estilos-iniciales.ts). Only when building: the development server serves
 * the dependencies pre-bundled, where their imports of `@mantine/core` are no longer seen, and
 * loads the full stylesheet instead.
 */
export function estilosMantine(): Plugin[] {
  const requerir = createRequire(import.meta.url);
  // The package exports no package.json: from its CommonJS entry (cjs/index.cjs) to esm/.
  const esm = path.join(path.dirname(requerir.resolve("@mantine/core")), "..", "esm");
  const leer = (fichero: string) => readFileSync(fichero, "utf8");

  // Exported name → the module that defines it, from the package's index.
  const indice = leer(path.join(esm, "index.mjs"));
  const moduloDe = new Map<string, string>();
  for (const [, nombres, fichero] of indice.matchAll(/import \{([^}]*)\} from "(\.[^"]+)";/g)) {
    for (const nombre of nombresImportados(nombres as string))
      moduloDe.set(nombre.local, path.join(esm, fichero as string));
  }
  for (const [, nombres] of indice.matchAll(/export \{([^}]*)\};/g)) {
    for (const { local, importado } of nombresImportados(nombres as string)) {
      const fichero = moduloDe.get(importado);
      if (fichero) moduloDe.set(local, fichero);
    }
  }

  // Each module's own imports, resolved, in the order they are written.
  const importsDe = new Map<string, string[]>();
  function imports(fichero: string): string[] {
    let lista = importsDe.get(fichero);
    if (!lista) {
      lista = [...leer(fichero).matchAll(/(?:from|import) "(\.[^"]+\.mjs)"/g)].map(([, relativo]) =>
        path.resolve(path.dirname(fichero), relativo as string),
      );
      importsDe.set(fichero, lista);
    }
    return lista;
  }

  // Where each component's stylesheet sits in the full one: each is there word for word, in the
  // order Mantine chose (ModalBase before Modal, Input before Combobox…).
  const completa = leer(path.join(esm, "..", "styles.css"));
  const posicionDe = new Map<string, number>();
  const posicion = (hoja: string) => {
    let p = posicionDe.get(hoja);
    if (p === undefined) {
      const contenido = leer(path.join(esm, "..", "styles", `${hoja}.css`)).trim();
      p = completa.indexOf(contenido);
      if (p < 0) throw new Error(`@mantine/core/styles/${hoja}.css no está en styles.css`);
      posicionDe.set(hoja, p);
    }
    return p;
  };

  /** The stylesheets of these modules and of everything they import, in Mantine's order. */
  function hojas(ficheros: string[]): string[] {
    const resultado: string[] = [];
    const visitados = new Set<string>();
    const visitar = (fichero: string) => {
      if (visitados.has(fichero)) return;
      visitados.add(fichero);
      for (const importado of imports(fichero)) visitar(importado);
      const modulo = /([^/\\]+)\.module\.mjs$/.exec(fichero);
      if (modulo) resultado.push(modulo[1] as string);
    };
    for (const fichero of ficheros) visitar(fichero);
    return resultado.sort((a, b) => posicion(a) - posicion(b));
  }

  const transformar: Plugin = {
    name: "fila-estilos-mantine",
    apply: "build",
    enforce: "pre",
    buildStart() {
      // Every component's stylesheet is reached from what the package exports: if a new Mantine
      // named its files otherwise, the build stops here instead of leaving pages unstyled.
      const alcanzadas = new Set(hojas([...new Set(moduloDe.values())]));
      const sinModulo = readdirSync(path.join(esm, "..", "styles"))
        .filter((f) => /^[A-Z]\w*\.css$/.test(f))
        .map((f) => f.replace(/\.css$/, ""))
        .filter((hoja) => !alcanzadas.has(hoja));
      if (sinModulo.length > 0) {
        this.error(`estilos de @mantine/core sin su módulo: ${sinModulo.join(", ")}`);
      }
    },
    transform(code, id) {
      if (!/\.[cm]?[jt]sx?$/.test(id.split("?")[0] as string) || id.startsWith("\0")) return null;
      if (/[\\/]@mantine[\\/]core[\\/]/.test(id)) return null;
      const importaciones = [
        ...code.matchAll(/import\s*(type\s+)?\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g),
      ];
      if (importaciones.length === 0) return null;
      if (/import\s*\*\s*as\s+\w+\s+from\s*["']@mantine\/core["']/.test(code)) {
        this.error(`${id}: import * from "@mantine/core" no deja saber qué estilos necesita`);
      }
      const modulos: string[] = [];
      for (const [, soloTipos, nombres] of importaciones) {
        if (soloTipos) continue;
        for (const { importado, soloTipo } of nombresImportados(nombres as string)) {
          const fichero = moduloDe.get(importado);
          if (!soloTipo && fichero) modulos.push(fichero);
        }
      }
      const necesarias = hojas(modulos);
      if (necesarias.length === 0) return null;
      const s = new MagicString(code);
      s.prepend(necesarias.map((hoja) => `import "@mantine/core/styles/${hoja}.css";`).join(""));
      return { code: s.toString(), map: s.generateMap({ hires: true, source: id }) };
    },
  };

  // That chunk holds only CSS, and Vite drops it, adding its stylesheet to the chunks that
  // imported it, but after their own: a page would load the styles of mantine-datatable (or of
  // the dates, the charts…) before those of the Mantine components they override, and lose. Put
  // back in front, as when the full stylesheet came with the entry. (After Vite's CSS plugin has
  // done that, before it writes each page's list of files to load.)
  const ordenar: Plugin = {
    name: "fila-estilos-mantine-orden",
    apply: "build",
    enforce: "post",
    generateBundle(_opciones, paquete) {
      const prefijo = `assets/${GRUPO_ESTILOS_MANTINE}-`;
      for (const trozo of Object.values(paquete)) {
        const hojas = trozo.type === "chunk" ? trozo.viteMetadata?.importedCss : undefined;
        if (!hojas) continue;
        const delGrupo = [...hojas].filter((hoja) => hoja.startsWith(prefijo));
        if (delGrupo.length === 0) continue;
        const resto = [...hojas].filter((hoja) => !hoja.startsWith(prefijo));
        hojas.clear();
        for (const hoja of [...delGrupo, ...resto]) hojas.add(hoja);
      }
    },
  };

  return [transformar, ordenar];
}

/** `A, B as C, type D` → what is imported and under which local name. */
function nombresImportados(lista: string) {
  return lista
    .split(",")
    .map((parte) => parte.trim())
    .filter(Boolean)
    .map((parte) => {
      const soloTipo = /^type\s/.test(parte);
      const [importado, local = importado] = parte
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)
        .map((x) => x.trim()) as [string, string?];
      return { importado, local: local as string, soloTipo };
    });
}
