import { Button, Group, TextInput, type TextInputProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconDownload, IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { descargarDeApi } from "./descargar";
import { notificarError } from "./notificar";

/**
 * The list pages' shared piece (documentos, noticias, remesas, envíos, correo saliente, registro
 * de actividad): a search box, filters and the page kept in the URL query (`?q=…&estado=…&page=2`,
 * defaults left out, other parameters such as `pestanya` kept), the server asked for one page at
 * a time and the export buttons. The table with its empty state is `TablaListado`
 * (`tabla-listado.tsx`), apart so that a list drawn as cards does not load mantine-datatable.
 */

export type Filtros = Record<string, string>;

export type OpcionesListado<F extends Filtros> = {
  /** The page sizes offered. */
  tamanyos: readonly number[];
  /** The default page size; the first of `tamanyos` unless said. */
  porPagina?: number;
  /** Each filter with its default value ("" = no filter); the keys are the URL's parameters. */
  filtros?: F;
  /** What a filter accepts; anything else in the URL takes the default. */
  validar?: { [K in keyof F]?: (valor: string) => boolean };
  /** `false`: the state lives in the component (a table inside a dialog), not in the URL. */
  enUrl?: boolean;
};

export type Listado<F extends Filtros> = {
  /** The search text as the server gets it (trimmed, after the person stops typing). */
  q: string;
  filtros: F;
  page: number;
  pageSize: number;
  /** Changes some filters and goes back to the first page. */
  cambiar: (cambio: Partial<F>) => void;
  irAPagina: (page: number) => void;
  /** For the search box: what is being typed. */
  busqueda: { value: string; onChange: (texto: string) => void };
  /** The pagination props of a `DataTable`, given the server's total. */
  paginacion: (total: number) => Paginacion;
};

export type Paginacion = {
  page: number;
  onPageChange: (page: number) => void;
  totalRecords: number;
  recordsPerPage: number;
  recordsPerPageOptions: number[];
  onRecordsPerPageChange: (pageSize: number) => void;
};

const ESPERA_BUSQUEDA_MS = 300;

function entero(texto: string | null): number | null {
  return texto !== null && /^[1-9]\d{0,8}$/.test(texto) ? Number(texto) : null;
}

/** The state of a list (page, page size, search, filters), read from the URL and written to it. */
export function useListado<F extends Filtros = Record<never, string>>(
  opciones: OpcionesListado<F>,
): Listado<F> {
  const { tamanyos } = opciones;
  const porPagina = opciones.porPagina ?? tamanyos[0];
  const porDefecto = (opciones.filtros ?? {}) as F;
  const [deUrl, setDeUrl] = useSearchParams();
  const [local, setLocal] = useState(() => new URLSearchParams());
  const enUrl = opciones.enUrl ?? true;
  const params = enUrl ? deUrl : local;

  const pageSizePedido = entero(params.get("pageSize"));
  const pageSize =
    pageSizePedido !== null && tamanyos.includes(pageSizePedido) ? pageSizePedido : porPagina;
  const page = entero(params.get("page")) ?? 1;
  const q = params.get("q")?.trim() ?? "";
  const filtros: F = { ...porDefecto };
  for (const clave of Object.keys(porDefecto) as (keyof F & string)[]) {
    const valor = params.get(clave);
    const valido = opciones.validar?.[clave];
    if (valor !== null && (!valido || valido(valor))) filtros[clave] = valor as F[typeof clave];
  }

  function escribir(cambio: Record<string, string | number>) {
    const actualizar = (previos: URLSearchParams) => {
      const siguientes = new URLSearchParams(previos);
      for (const [clave, valor] of Object.entries(cambio)) {
        const omitido =
          clave === "page"
            ? valor === 1
            : clave === "pageSize"
              ? valor === porPagina
              : valor === "" || valor === porDefecto[clave];
        if (omitido) siguientes.delete(clave);
        else siguientes.set(clave, String(valor));
      }
      return siguientes;
    };
    if (enUrl) setDeUrl(actualizar, { replace: true });
    else setLocal(actualizar);
  }

  const [texto, setTexto] = useState(q);
  const [textoEscrito] = useDebouncedValue(texto.trim(), ESPERA_BUSQUEDA_MS);
  // The search box writes `q` once the person stops typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text triggers it
  useEffect(() => {
    if (textoEscrito !== q) escribir({ q: textoEscrito, page: 1 });
  }, [textoEscrito]);

  const irAPagina = (n: number) => escribir({ page: n });
  return {
    q,
    filtros,
    page,
    pageSize,
    cambiar: (cambio) => escribir({ ...(cambio as Record<string, string>), page: 1 }),
    irAPagina,
    busqueda: { value: texto, onChange: setTexto },
    paginacion: (total) => ({
      page,
      onPageChange: irAPagina,
      totalRecords: total,
      recordsPerPage: pageSize,
      recordsPerPageOptions: [...tamanyos],
      onRecordsPerPageChange: (n) => escribir({ pageSize: n, page: 1 }),
    }),
  };
}

/** The search box of a list, tied to `listado.busqueda`. */
export function CampoBusqueda({
  busqueda,
  ...props
}: { busqueda: Listado<Filtros>["busqueda"] } & Omit<TextInputProps, "value" | "onChange">) {
  return (
    <TextInput
      leftSection={<IconSearch size={16} aria-hidden />}
      value={busqueda.value}
      onChange={(e) => busqueda.onChange(e.currentTarget.value)}
      w={280}
      {...props}
    />
  );
}

export type FormatoExportacion = "xlsx" | "csv";

/**
 * «Exportar Excel» and «Exportar CSV»: downloads `ruta?…consulta&formato=…` as `nombre.formato`
 * (the server may name it); a failure is notified with `textoError`.
 */
export function BotonesExportar({
  ruta,
  consulta,
  nombre,
  textos,
  textoError,
}: {
  ruta: string;
  consulta: URLSearchParams;
  nombre: string;
  textos: Record<FormatoExportacion, string>;
  textoError: string;
}) {
  async function exportar(formato: FormatoExportacion) {
    const query = new URLSearchParams(consulta);
    query.set("formato", formato);
    try {
      await descargarDeApi(`${ruta}?${query}`, `${nombre}.${formato}`);
    } catch (e) {
      notificarError(e, textoError);
    }
  }
  return (
    <Group gap="xs">
      {(["xlsx", "csv"] as const).map((formato) => (
        <Button
          key={formato}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => void exportar(formato)}
        >
          {textos[formato]}
        </Button>
      ))}
    </Group>
  );
}
