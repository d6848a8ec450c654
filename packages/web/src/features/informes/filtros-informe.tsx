import { COLUMNAS_LISTADO_SOCIOS, type FiltroCatalogo, MESES } from "@fila/domain";
import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  TextInput,
} from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { useState } from "react";
import { CampoFecha } from "../../lib/campo-fecha";
import { useTranslation } from "../../lib/i18n";
import { useTiposSocio } from "../socios/use-socios";

type Props = {
  filtros: FiltroCatalogo[];
  valores: URLSearchParams;
  /** New values of some query parameters ("" removes one). */
  alCambiar: (cambio: Record<string, string>) => void;
};

const numero = (v: string | number) => (v === "" ? "" : String(v));

/** The filters of one report, from its catalogue entry; their values live in the page's URL. */
export function FiltrosInforme({ filtros, valores, alCambiar }: Props) {
  const { t } = useTranslation();
  const tipos = useTiposSocio();
  const valor = (clave: string) => valores.get(clave) ?? "";
  const todos = { value: "", label: t("informes.todos") };

  // «Quitar filtros» empties the search box too (it keeps its own text while typing).
  const [limpiezas, setLimpiezas] = useState(0);
  // The search box asks the server once the person stops typing.
  const buscar = useDebouncedCallback((clave: string, texto: string) => {
    alCambiar({ [clave]: texto.trim() });
  }, 400);

  /** A choice among `opciones`, «Todos» first (the filter left out). */
  const eleccion = (f: FiltroCatalogo, w: number, opciones: { value: string; label: string }[]) => (
    <Select
      key={f.clave}
      label={f.etiqueta}
      w={w}
      data={[todos, ...opciones]}
      value={valor(f.clave)}
      onChange={(v) => alCambiar({ [f.clave]: v ?? "" })}
    />
  );

  function control(f: FiltroCatalogo) {
    switch (f.tipo) {
      case "busqueda":
        return (
          <TextInput
            key={`${f.clave}-${limpiezas}`}
            type="search"
            label={f.etiqueta}
            w={220}
            defaultValue={valor(f.clave)}
            onChange={(e) => buscar(f.clave, e.currentTarget.value)}
          />
        );
      case "anyo": {
        // The year the report applies is always in sight: the chosen one, or the one it uses
        // when none is chosen (`porDefecto`); «Todos los años» where the report allows it.
        const todosLosAnyos = valor(f.clave) === "todos";
        const anyo = (
          <NumberInput
            key={f.clave}
            label={f.etiqueta}
            placeholder={t("informes.anyoTodos")}
            min={1900}
            max={2999}
            allowDecimal={false}
            thousandSeparator=""
            w={130}
            disabled={todosLosAnyos}
            value={todosLosAnyos ? "" : valor(f.clave) || (f.porDefecto ?? "")}
            onChange={(v) => {
              const elegido = numero(v);
              alCambiar({ [f.clave]: elegido === f.porDefecto ? "" : elegido });
            }}
          />
        );
        if (!f.todos) return anyo;
        return (
          <Group key={f.clave} gap="xs" align="flex-end" wrap="nowrap">
            {anyo}
            <Checkbox
              mb={8}
              label={t("informes.anyoTodos")}
              checked={todosLosAnyos}
              onChange={(e) => alCambiar({ [f.clave]: e.currentTarget.checked ? "todos" : "" })}
            />
          </Group>
        );
      }
      case "mes":
        return eleccion(
          f,
          160,
          MESES.map((m, i) => ({ value: String(i + 1), label: m })),
        );
      case "fecha":
        return (
          <CampoFecha
            key={f.clave}
            label={f.etiqueta}
            w={170}
            clearable
            value={valor(f.clave)}
            onChange={(v) => alCambiar({ [f.clave]: v })}
          />
        );
      case "tipoSocio":
        return eleccion(
          f,
          200,
          (tipos.data ?? []).map((tipo) => ({ value: String(tipo.id), label: tipo.nombre })),
        );
      case "activo":
        return eleccion(f, 150, [
          { value: "true", label: t("informes.estado.activos") },
          { value: "false", label: t("informes.estado.bajas") },
        ]);
      case "sexo":
        return eleccion(f, 150, [
          { value: "hombre", label: t("informes.sexo.hombre") },
          { value: "mujer", label: t("informes.sexo.mujer") },
        ]);
      case "edad":
        return (
          <Group key={f.clave} gap="xs" wrap="nowrap">
            {(["edadMin", "edadMax"] as const).map((clave) => (
              <NumberInput
                key={clave}
                label={t(`informes.${clave}`)}
                min={0}
                max={150}
                allowDecimal={false}
                w={110}
                value={valor(clave)}
                onChange={(v) => alCambiar({ [clave]: numero(v) })}
              />
            ))}
          </Group>
        );
      case "opciones":
        return (
          <Select
            key={f.clave}
            label={f.etiqueta}
            w={220}
            allowDeselect={false}
            data={(f.opciones ?? []).map((o) => ({ value: o.valor, label: o.etiqueta }))}
            value={valor(f.clave) || (f.opciones?.[0]?.valor ?? null)}
            onChange={(v) => alCambiar({ [f.clave]: v ?? "" })}
          />
        );
      case "columnas":
        return (
          <MultiSelect
            key={f.clave}
            label={f.etiqueta}
            placeholder={t("informes.columnasPorDefecto")}
            miw={260}
            maw={520}
            clearable
            data={COLUMNAS_LISTADO_SOCIOS.map((c) => ({
              value: c,
              label: t(`informes.columnas.${c}`),
            }))}
            value={valor(f.clave) ? valor(f.clave).split(",") : []}
            onChange={(v) => alCambiar({ [f.clave]: v.join(",") })}
          />
        );
    }
  }

  const hayFiltros = [...valores.keys()].some((k) => !["id", "page", "pageSize"].includes(k));
  return (
    <Group gap="sm" align="flex-end" role="group" aria-label={t("informes.filtros")}>
      {filtros.map(control)}
      {hayFiltros ? (
        <Button
          variant="subtle"
          onClick={() => {
            setLimpiezas((n) => n + 1);
            alCambiar(
              Object.fromEntries(
                [...valores.keys()]
                  .filter((k) => !["id", "pageSize"].includes(k))
                  .map((k) => [k, ""]),
              ),
            );
          }}
        >
          {t("informes.limpiar")}
        </Button>
      ) : null}
    </Group>
  );
}
