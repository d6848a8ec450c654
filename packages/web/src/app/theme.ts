import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  luminance,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from "@mantine/core";

export const theme = createTheme({
  primaryColor: "red",
  // red.9 (#c92a2a): links and red text stay above 4.5:1 on the grey of striped rows and headers.
  primaryShade: { light: 9, dark: 6 },
  defaultRadius: "md",
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: { fontWeight: "700" },
  cursorType: "pointer",
  components: {
    // Its eye-dropper button has no accessible name (and exists only in Chromium): the swatch
    // and the hex text are enough to choose a colour. (A plain object, not ColorInput.extend:
    // that would bring the colour picker and its popover into the entry script.)
    ColorInput: { defaultProps: { withEyeDropper: false } },
  },
});

/**
 * The theme with the names Mantine leaves empty: the close button of every modal, drawer and
 * notification (an icon) is read as «Cerrar» / «Tanca» unless the component names it itself.
 */
export function temaEnSuIdioma(cerrar: string): MantineThemeOverride {
  return {
    ...theme,
    components: {
      ...theme.components,
      Modal: { defaultProps: { closeButtonProps: { "aria-label": cerrar } } },
      Drawer: { defaultProps: { closeButtonProps: { "aria-label": cerrar } } },
      // The notifications of @mantine/notifications are this component.
      Notification: { defaultProps: { closeButtonProps: { "aria-label": cerrar } } },
    },
  };
}

/** WCAG 2.1 AA for normal text is 4.5:1; a small margin keeps rounding on the safe side. */
const CONTRASTE_MINIMO = 4.6;

/** Contrast ratio of two relative luminances (WCAG 2.1). */
const razon = (la: number, lb: number) => (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);

export function contraste(a: string, b: string): number {
  return razon(luminance(a), luminance(b));
}

/**
 * `color`, darkened in 2 % steps until it reads on every one of `fondos`. Each luminance is
 * worked out once: this runs a few dozen times while the first page is drawn.
 */
export function legibleSobre(color: string, fondos: readonly string[]): string {
  const lucesFondo = fondos.map(luminance);
  let resultado = color;
  for (let paso = 1; paso <= 50; paso++) {
    const luz = luminance(resultado);
    if (lucesFondo.every((fondo) => razon(luz, fondo) >= CONTRASTE_MINIMO)) break;
    resultado = darken(color, paso * 0.02);
  }
  return resultado;
}

const colores = DEFAULT_THEME.colors;
const gris = colores.gray;
/** Light surfaces text sits on: the body, striped rows and headers, and every light background. */
const FONDOS_CLAROS = [
  "#ffffff",
  gris[0],
  gris[1],
  ...Object.entries(colores)
    .filter(([nombre]) => nombre !== "dark")
    .map(([, tono]: [string, MantineColorsTuple]) => tono[1]),
];

const calculadas = new WeakMap<object, ReturnType<CSSVariablesResolver>>();

/**
 * Mantine's light scheme writes dimmed text in gray.6 (3.3:1 on white), light badges and alerts
 * in shade 9 on shade 1 (2.7:1 for yellow, 3.8:1 for green), coloured text in the filled shade,
 * placeholders in gray.5 and error messages in red.6. Here each of those colours is darkened
 * just enough to pass WCAG AA on the surfaces it is used on, so that no page has to pick its
 * own colours. It runs when the web is built (variables-tema.ts writes the result into the
 * entry's stylesheet), not on the phone.
 */
export const variablesCss: CSSVariablesResolver = (t) => {
  // Dozens of contrast searches: done once per theme, not on every render of the provider.
  const hecho = calculadas.get(t);
  if (hecho) return hecho;
  const light: Record<string, string> = {
    "--mantine-color-dimmed": legibleSobre(gris[6], FONDOS_CLAROS),
    // Shown as text (not ::placeholder) by button-like inputs, so it is read like any text.
    "--mantine-color-placeholder": legibleSobre(gris[6], ["#ffffff", gris[0]]),
    "--mantine-color-error": legibleSobre(t.colors.red[8], FONDOS_CLAROS),
    "--mantine-color-success": legibleSobre(t.colors.teal[8], FONDOS_CLAROS),
  };
  const sombra = typeof t.primaryShade === "number" ? t.primaryShade : t.primaryShade.light;
  for (const [nombre, tono] of Object.entries(t.colors)) {
    light[`--mantine-color-${nombre}-light-color`] = legibleSobre(tono[9], [
      "#ffffff",
      gris[0],
      tono[1],
      tono[2],
    ]);
    light[`--mantine-color-${nombre}-text`] = legibleSobre(tono[sombra], [
      "#ffffff",
      gris[0],
      gris[1],
    ]);
  }
  const resultado = { variables: {}, light, dark: {} };
  calculadas.set(t, resultado);
  return resultado;
};
