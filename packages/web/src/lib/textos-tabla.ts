import { useTranslation } from "./i18n";

/**
 * The Spanish texts every paginated mantine-datatable shares: "Por página", "1–50 de 300", the
 * page buttons' accessible names and the loading text. Spread them into the table.
 * They also make the table's scroll area focusable, so that a table with no link or button
 * inside can still be scrolled sideways with the keyboard on a phone (WCAG 2.1.1).
 */
export function useTextosTabla() {
  const { t } = useTranslation();
  return {
    loadingText: t("app.cargando"),
    recordsPerPageLabel: t("app.tabla.porPagina"),
    paginationText: ({
      from,
      to,
      totalRecords,
    }: {
      from: number;
      to: number;
      totalRecords: number;
    }) => t("app.tabla.paginacion", { from, to, total: totalRecords }),
    getPaginationControlProps: (control: string) => ({
      "aria-label": t(`app.tabla.pagina.${control}`),
    }),
    scrollAreaProps: { viewportProps: { tabIndex: 0 } },
  };
}
