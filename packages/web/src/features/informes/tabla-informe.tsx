import "mantine-datatable/styles.css";
import { type ColumnaInforme, formatearFecha, type Informe } from "@fila/domain";
import { DataTable } from "mantine-datatable";
import { useTranslation } from "../../lib/i18n";
import { useTextosTabla } from "../../lib/textos-tabla";
import { importe } from "../pagos/pagos-logica";

type Fila = Informe["filas"][number] & { _n: number };

export const TAMANYOS_PAGINA_INFORME = [25, 50, 100, 200];

/** A report cell as the screen shows it: money `1.234,56 €`, dates dd/mm/aaaa. */
export function textoCelda(valor: Informe["filas"][number][string], tipo: ColumnaInforme["tipo"]) {
  if (valor === null || valor === undefined) return "";
  if (tipo === "euros") return importe(Number(valor));
  if (tipo === "fecha") return formatearFecha(String(valor));
  if (tipo === "porcentaje") return `${Number(valor).toLocaleString("es-ES")} %`;
  if (typeof valor === "number") return valor.toLocaleString("es-ES");
  return valor;
}

type Props = {
  informe: Informe;
  cargando: boolean;
  alPaginar: (cambio: { page?: number; pageSize?: number }) => void;
};

/** A report's table: server-side pages and a footer with the totals of all its rows. */
export function TablaInforme({ informe, cargando, alPaginar }: Props) {
  const { t } = useTranslation();
  const textosTabla = useTextosTabla();
  const { totales } = informe;
  const registros: Fila[] = informe.filas.map((f, i) => ({ ...f, _n: i }));
  return (
    <DataTable<Fila>
      {...textosTabla}
      aria-label={t("informes.tabla", { titulo: informe.titulo })}
      withTableBorder
      borderRadius="md"
      striped
      minHeight={registros.length > 0 ? undefined : 160}
      noRecordsText={t("informes.sinDatos")}
      fetching={cargando}
      records={registros}
      idAccessor="_n"
      columns={informe.columnas.map((c, i) => ({
        accessor: c.clave,
        title: c.titulo,
        noWrap: true,
        textAlign: c.tipo === "texto" || c.tipo === "fecha" ? "left" : "right",
        render: (f: Fila) => textoCelda(f[c.clave], c.tipo),
        footer: totales
          ? i === 0
            ? t("informes.total")
            : textoCelda(totales[c.clave] ?? null, c.tipo)
          : undefined,
      }))}
      page={informe.page}
      onPageChange={(page) => alPaginar({ page })}
      totalRecords={informe.total}
      recordsPerPage={informe.pageSize}
      recordsPerPageOptions={TAMANYOS_PAGINA_INFORME}
      onRecordsPerPageChange={(pageSize) => alPaginar({ pageSize, page: 1 })}
    />
  );
}
