import { useTranslation } from "react-i18next";

/**
 * The Spanish texts every paginated mantine-datatable shares: "Por página", "1–50 de 300", the
 * page buttons' accessible names and the loading text. Spread them into the table.
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
  };
}
