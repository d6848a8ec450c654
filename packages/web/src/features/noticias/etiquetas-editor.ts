/**
 * The toolbar's aria-labels in Spanish (Mantine's defaults are English), for the news editor and
 * the association's texts.
 */
export function etiquetasEditor(t: (clave: string) => string) {
  const e = (clave: string) => t(`noticias.editor.barra.${clave}`);
  return {
    boldControlLabel: e("negrita"),
    italicControlLabel: e("cursiva"),
    underlineControlLabel: e("subrayado"),
    strikeControlLabel: e("tachado"),
    clearFormattingControlLabel: e("limpiar"),
    h2ControlLabel: e("titulo2"),
    h3ControlLabel: e("titulo3"),
    h4ControlLabel: e("titulo4"),
    bulletListControlLabel: e("lista"),
    orderedListControlLabel: e("listaNumerada"),
    blockquoteControlLabel: e("cita"),
    hrControlLabel: e("separador"),
    linkControlLabel: e("enlace"),
    unlinkControlLabel: e("quitarEnlace"),
    undoControlLabel: e("deshacer"),
    redoControlLabel: e("rehacer"),
    linkEditorInputLabel: e("direccionEnlace"),
    linkEditorInputPlaceholder: "https://",
    linkEditorExternalLink: e("enlaceExterno"),
    linkEditorInternalLink: e("enlaceInterno"),
    linkEditorSave: e("guardarEnlace"),
  };
}
