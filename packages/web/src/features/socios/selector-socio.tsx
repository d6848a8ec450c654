import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { nombreCompleto, type SocioResumen } from "./tipos";
import { useBuscarSocios } from "./use-socios";

function etiqueta(s: SocioResumen): string {
  const matricula = s.matricula ? ` (${s.matricula})` : "";
  return `${nombreCompleto(s)}${matricula}`;
}

type Props = {
  label: string;
  /** The id when the picker mounts; afterwards it keeps its own state (uncontrolled form). */
  valorInicial: number | null;
  onChange: (id: number | null) => void;
  /** The member currently chosen, so its name shows before any search. */
  actual: SocioResumen | null | undefined;
  /** The record's own id: a member cannot be their own payer, partner or parent. */
  excluir?: number;
  error?: React.ReactNode;
  readOnly?: boolean;
};

/** A searchable picker of members; the search runs on the server (`/api/socios?q=`). */
export function SelectorSocio({
  label,
  valorInicial,
  onChange,
  actual,
  excluir,
  error,
  readOnly,
}: Props) {
  const { t } = useTranslation();
  const [busqueda, setBusqueda] = useState("");
  const [abierto, setAbierto] = useState(false);
  const [value, setValue] = useState(valorInicial);
  const [elegido, setElegido] = useState<SocioResumen | null>(null);
  const [texto] = useDebouncedValue(busqueda.trim(), 300);
  const resultados = useBuscarSocios(texto, abierto && !readOnly);

  const conocidos = useMemo(() => {
    const mapa = new Map<number, SocioResumen>();
    for (const s of [actual, elegido, ...(resultados.data?.items ?? [])]) {
      if (s && s.id !== excluir) mapa.set(s.id, s);
    }
    return mapa;
  }, [actual, elegido, resultados.data, excluir]);

  const data = [...conocidos.values()].map((s) => ({ value: String(s.id), label: etiqueta(s) }));
  if (value !== null && !conocidos.has(value)) {
    data.push({ value: String(value), label: t("socios.ficha.socioNumero", { id: value }) });
  }

  return (
    <Select
      label={label}
      placeholder={readOnly ? undefined : t("socios.ficha.buscarSocio")}
      searchable
      clearable={!readOnly}
      readOnly={readOnly}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => {
        const id = v === null ? null : Number(v);
        setElegido(id === null ? null : (conocidos.get(id) ?? null));
        setValue(id);
        onChange(id);
      }}
      onSearchChange={setBusqueda}
      onDropdownOpen={() => setAbierto(true)}
      filter={({ options }) => options}
      nothingFoundMessage={resultados.isFetching ? t("app.cargando") : t("socios.ficha.sinSocios")}
      error={error}
    />
  );
}
