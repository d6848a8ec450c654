import "mantine-datatable/styles.css";
import { mensajeDeError } from "@fila/domain";
import { Alert } from "@mantine/core";
import { DataTable, type DataTableColumn, type DataTableProps } from "mantine-datatable";
import type { Filtros, Listado } from "./listado";
import { useTextosTabla } from "./textos-tabla";

type Consulta<T> = {
  data?: { items: T[]; total: number };
  isFetching: boolean;
  isError: boolean;
  error: unknown;
};

type PropsTabla<T> = {
  /** The list's query (`useQuery` of one page). */
  lista: Consulta<T>;
  listado: Pick<Listado<Filtros>, "paginacion">;
  /** The table's accessible name. */
  titulo: string;
  /** What the empty table says. */
  vacio: string;
  /** The title of the alert when the page cannot be read. */
  tituloError?: string;
  /** The empty table's height. */
  altoVacio?: number;
  columns: DataTableColumn<T>[];
} & Pick<DataTableProps<T>, "idAccessor" | "striped" | "highlightOnHover">;

/** One page of a list from the server, with the alert when it cannot be read and the empty state. */
export function TablaListado<T>({
  lista,
  listado,
  titulo,
  vacio,
  tituloError,
  altoVacio = 160,
  columns,
  idAccessor,
  striped = true,
  highlightOnHover,
}: PropsTabla<T>) {
  const textosTabla = useTextosTabla();
  const registros = lista.data?.items ?? [];
  return (
    <>
      {lista.isError ? (
        <Alert role="alert" color="red" title={tituloError}>
          {mensajeDeError(lista.error)}
        </Alert>
      ) : null}
      <DataTable<T>
        aria-label={titulo}
        withTableBorder
        borderRadius="md"
        highlightOnHover={highlightOnHover}
        striped={striped}
        minHeight={registros.length > 0 ? undefined : altoVacio}
        records={registros}
        columns={columns}
        idAccessor={idAccessor}
        fetching={lista.isFetching}
        {...textosTabla}
        noRecordsText={vacio}
        {...listado.paginacion(lista.data?.total ?? 0)}
      />
    </>
  );
}
