import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from "@mantine/core";
import { theme, variablesCss } from "./theme";

/** The module the entry's stylesheet imports them from (estilos-iniciales.ts). */
export const MODULO_VARIABLES_TEMA = "virtual:variables-tema.css";

/**
 * The theme's CSS variables, as Mantine's provider would write them into a `<style>` on every
 * start (MantineCssVariables: the default resolver and ours merged, less what equals Mantine's
 * default theme, under `:root, :host`). They depend on nothing but the theme, so the build writes
 * them into the entry's stylesheet instead (estilos-mantine.ts) and the provider skips them
 * (`withCssVariables={false}` in providers.tsx): the contrast searches of `variablesCss` and the
 * merging of two themes' variables no longer run on the phone before the first page is drawn.
 */
export function cssDeLasVariablesDelTema(): string {
  const completo = mergeMantineTheme(DEFAULT_THEME, theme);
  const porDefecto = defaultCssVariablesResolver(DEFAULT_THEME);
  const base = defaultCssVariablesResolver(completo);
  const nuestras = variablesCss(completo);
  const distintas = (parte: "variables" | "light" | "dark"): Record<string, string> => {
    const dePorDefecto: Record<string, string> = porDefecto[parte];
    return Object.fromEntries(
      Object.entries({ ...base[parte], ...nuestras[parte] }).filter(
        ([nombre, valor]) => dePorDefecto[nombre] !== valor,
      ),
    );
  };
  return convertCssVariables(
    // No selector: Mantine's default, `:root, :host`.
    { variables: distintas("variables"), light: distintas("light"), dark: distintas("dark") },
  );
}
