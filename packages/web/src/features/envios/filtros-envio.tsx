import { formatearFecha } from "@fila/domain";
import {
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Switch,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useGruposElegibles } from "../estructura/use-estructura";
import { nombreCompleto } from "../socios/tipos";
import { useBuscarSocios, useTiposSocio } from "../socios/use-socios";
import { type FiltroEnvio, useActosParaEnvio } from "./use-envios";

type Props = { filtro: FiltroEnvio; alCambiar: (f: FiltroEnvio) => void };

/** Sets or removes one key (undefined, "" and false mean «no filter»). */
function con<K extends keyof FiltroEnvio>(f: FiltroEnvio, k: K, v: FiltroEnvio[K] | undefined) {
  const nuevo = { ...f };
  if (v === undefined || v === false || (Array.isArray(v) && v.length === 0)) delete nuevo[k];
  else nuevo[k] = v;
  return nuevo;
}

const numero = (v: string | number) => (typeof v === "number" ? v : undefined);

/** Who receives a mailing: every filter narrows the list (AND), as the member list's do. */
export function FiltrosEnvio({ filtro, alCambiar }: Props) {
  const { t } = useTranslation();
  const tipos = useTiposSocio();
  const grupos = useGruposElegibles();
  const [textoActo, setTextoActo] = useState("");
  const [qActo] = useDebouncedValue(textoActo.trim(), 300);
  const actos = useActosParaEnvio(qActo);
  const [textoSocio, setTextoSocio] = useState("");
  const [qSocio] = useDebouncedValue(textoSocio.trim(), 300);
  const socios = useBuscarSocios(qSocio, qSocio.length > 0);
  // The names of those picked by hand, kept while the search moves on.
  const conocidos = useRef(new Map<string, string>());
  for (const s of socios.data?.items ?? []) {
    const matricula = s.matricula ? ` (${s.matricula})` : "";
    conocidos.current.set(String(s.id), `${nombreCompleto(s)}${matricula}`);
  }
  const elegidos = (filtro.idsSocio ?? []).map(String);
  const opcionesSocios = useMemo(() => {
    const ids = new Set([...elegidos, ...(socios.data?.items ?? []).map((s) => String(s.id))]);
    return [...ids].map((id) => ({
      value: id,
      label: conocidos.current.get(id) ?? t("envios.filtros.socioNumero", { id }),
    }));
  }, [elegidos, socios.data, t]);

  const opcionesActos = (actos.data?.items ?? []).map((a) => ({
    value: String(a.id),
    label: `${a.nombre} · ${formatearFecha(a.fecha)}`,
  }));
  if (filtro.idActo && !opcionesActos.some((o) => o.value === String(filtro.idActo))) {
    opcionesActos.push({
      value: String(filtro.idActo),
      label: t("envios.filtros.actoNumero", { id: filtro.idActo }),
    });
  }

  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <legend style={{ fontWeight: 600, marginBottom: 8, padding: 0 }}>
        {t("envios.filtros.titulo")}
      </legend>
      <Group gap="lg" mb="sm">
        <Switch
          label={t("envios.filtros.activos")}
          checked={filtro.activo === true}
          onChange={(e) => alCambiar(con(filtro, "activo", e.currentTarget.checked || undefined))}
        />
        <Checkbox
          label={t("envios.filtros.conDeuda")}
          checked={filtro.conDeuda === true}
          onChange={(e) => alCambiar(con(filtro, "conDeuda", e.currentTarget.checked))}
        />
        <Checkbox
          label={t("envios.filtros.sinCuenta")}
          checked={filtro.sinCuenta === true}
          onChange={(e) => alCambiar(con(filtro, "sinCuenta", e.currentTarget.checked))}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        <Select
          label={t("envios.filtros.tipo")}
          placeholder={t("envios.filtros.todos")}
          data={(tipos.data ?? []).map((tipo) => ({ value: String(tipo.id), label: tipo.nombre }))}
          value={filtro.tipo ? String(filtro.tipo) : null}
          onChange={(v) => alCambiar(con(filtro, "tipo", v ? Number(v) : undefined))}
          clearable
          clearButtonProps={{ "aria-label": t("envios.filtros.quitar") }}
        />
        <Select
          label={t("envios.filtros.sexo")}
          placeholder={t("envios.filtros.todos")}
          data={[
            { value: "hombre", label: t("socios.sexo.hombre") },
            { value: "mujer", label: t("socios.sexo.mujer") },
          ]}
          value={filtro.sexo ?? null}
          onChange={(v) =>
            alCambiar(con(filtro, "sexo", (v ?? undefined) as FiltroEnvio["sexo"] | undefined))
          }
          clearable
          clearButtonProps={{ "aria-label": t("envios.filtros.quitar") }}
        />
        <NumberInput
          label={t("envios.filtros.edadMin")}
          min={0}
          max={150}
          allowDecimal={false}
          allowNegative={false}
          value={filtro.edadMin ?? ""}
          onChange={(v) => alCambiar(con(filtro, "edadMin", numero(v)))}
        />
        <NumberInput
          label={t("envios.filtros.edadMax")}
          min={0}
          max={150}
          allowDecimal={false}
          allowNegative={false}
          value={filtro.edadMax ?? ""}
          onChange={(v) => alCambiar(con(filtro, "edadMax", numero(v)))}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" mt="sm">
        <Select
          label={t("envios.filtros.acto")}
          description={t("envios.filtros.actoAyuda")}
          placeholder={t("envios.filtros.buscarActo")}
          data={opcionesActos}
          searchable
          searchValue={textoActo}
          onSearchChange={setTextoActo}
          filter={({ options }) => options}
          value={filtro.idActo ? String(filtro.idActo) : null}
          onChange={(v) => alCambiar(con(filtro, "idActo", v ? Number(v) : undefined))}
          nothingFoundMessage={t("envios.filtros.sinActos")}
          clearable
          clearButtonProps={{ "aria-label": t("envios.filtros.quitar") }}
        />
        <MultiSelect
          label={t("envios.filtros.aMano")}
          description={t("envios.filtros.aManoAyuda")}
          placeholder={elegidos.length === 0 ? t("envios.filtros.buscarSocio") : undefined}
          data={opcionesSocios}
          searchable
          searchValue={textoSocio}
          onSearchChange={setTextoSocio}
          filter={({ options }) => options}
          value={elegidos}
          onChange={(v) => alCambiar(con(filtro, "idsSocio", v.map(Number)))}
          nothingFoundMessage={qSocio ? t("envios.filtros.sinSocios") : undefined}
          clearable
          clearButtonProps={{ "aria-label": t("envios.filtros.quitar") }}
        />
        <MultiSelect
          label={t("envios.filtros.grupos")}
          description={t("envios.filtros.gruposAyuda")}
          data={(grupos.data ?? []).map((g) => ({
            value: String(g.id),
            label: g.clase === "escuadra" ? `${g.nombre} (${g.anyo})` : g.nombre,
          }))}
          searchable
          value={(filtro.idsGrupo ?? []).map(String)}
          onChange={(v) => alCambiar(con(filtro, "idsGrupo", v.map(Number)))}
          clearable
          clearButtonProps={{ "aria-label": t("envios.filtros.quitar") }}
        />
      </SimpleGrid>
    </fieldset>
  );
}
