import { COLOR_POR_DEFECTO, ErrorHttp, mensajeDeError } from "@fila/domain";
import {
  Alert,
  Button,
  ColorInput,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useCuentas } from "../tesoreria/use-tesoreria";
import { MaestroBadge } from "./maestro-badge";
import {
  type ClaseMaestro,
  COLOR_HEX,
  type DatosMaestro,
  DESCRIPCION_MAX,
  type Maestro,
  NOMBRE_MAX,
} from "./maestros-config";

const MUESTRAS = [
  "#c92a2a",
  "#a61e4d",
  "#862e9c",
  "#5f3dc4",
  "#1971c2",
  "#0c8599",
  "#2b8a3e",
  "#e67700",
  "#ffd43b",
  "#f1f3f5",
  "#495057",
  "#000000",
];

type Valores = Required<Omit<DatosMaestro, "idCuentaTesoreria">> & {
  /** The Select's value: the account's id, or "" for none (the bank's). */
  idCuentaTesoreria: string;
};
const CAMPOS = [
  "nombre",
  "descripcion",
  "color",
  "domiciliada",
  "activo",
  "idCuentaTesoreria",
] as const;

/** The `detalles` of an API error, field by field (first message wins). */
function erroresDeCampo(error: unknown): Record<string, string> {
  const campos: Record<string, string> = {};
  if (!(error instanceof ErrorHttp)) return campos;
  const detalles = (error.cuerpo as { detalles?: unknown } | null)?.detalles;
  if (!Array.isArray(detalles)) return campos;
  for (const d of detalles) {
    const campo = typeof d?.campo === "string" ? d.campo : "";
    if ((CAMPOS as readonly string[]).includes(campo) && typeof d.mensaje === "string") {
      campos[campo] ??= d.mensaje;
    }
  }
  return campos;
}

/** Create (maestro null) or edit one master in a modal; the API's Spanish errors go to their fields. */
export function MaestroFormModal({
  abierto,
  clase,
  maestro,
  titulo,
  alCerrar,
  alGuardar,
}: {
  abierto: boolean;
  clase: ClaseMaestro;
  maestro: Maestro | null;
  titulo: string;
  alCerrar: () => void;
  alGuardar: (datos: DatosMaestro) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const form = useForm<Valores>({
    initialValues: {
      nombre: "",
      descripcion: "",
      color: COLOR_POR_DEFECTO,
      domiciliada: false,
      activo: true,
      idCuentaTesoreria: "",
    },
    validate: {
      nombre: (v) =>
        v.trim() === ""
          ? t("maestros.validacion.nombreObligatorio")
          : v.trim().length > NOMBRE_MAX
            ? t("maestros.validacion.nombreLargo", { max: NOMBRE_MAX })
            : null,
      descripcion: (v) =>
        v.trim().length > DESCRIPCION_MAX
          ? t("maestros.validacion.descripcionLarga", { max: DESCRIPCION_MAX })
          : null,
      color: (v) =>
        clase === "color" && !COLOR_HEX.test(v) ? t("maestros.validacion.color") : null,
    },
  });

  // Each opening starts from the master being edited, or from empty for a new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new opening resets the form
  useEffect(() => {
    if (!abierto) return;
    setError(null);
    const valores: Valores = {
      nombre: maestro?.nombre ?? "",
      descripcion: maestro?.descripcion ?? "",
      color: maestro?.color ?? COLOR_POR_DEFECTO,
      domiciliada: maestro?.domiciliada ?? false,
      activo: maestro?.activo ?? true,
      idCuentaTesoreria:
        maestro?.idCuentaTesoreria === null || maestro?.idCuentaTesoreria === undefined
          ? ""
          : String(maestro.idCuentaTesoreria),
    };
    form.setInitialValues(valores);
    form.setValues(valores);
    form.resetDirty(valores);
    form.clearErrors();
  }, [abierto, maestro]);

  async function enviar(valores: Valores) {
    setError(null);
    setEnviando(true);
    const { color, domiciliada, idCuentaTesoreria, ...comunes } = valores;
    const datos: DatosMaestro = {
      ...comunes,
      nombre: comunes.nombre.trim(),
      descripcion: comunes.descripcion.trim(),
      ...(clase === "color"
        ? { color: color.toLowerCase() }
        : {
            domiciliada,
            idCuentaTesoreria: idCuentaTesoreria === "" ? null : Number(idCuentaTesoreria),
          }),
    };
    try {
      await alGuardar(datos);
      alCerrar();
    } catch (e) {
      const campos = erroresDeCampo(e);
      form.setErrors(campos);
      setError(mensajeDeError(e));
    } finally {
      setEnviando(false);
    }
  }

  const color = form.values.color;
  return (
    <Modal opened={abierto} onClose={alCerrar} title={titulo} centered size="lg">
      <form onSubmit={form.onSubmit(enviar)} noValidate>
        <Stack>
          {error ? (
            <Alert role="alert" color="red" title={t("maestros.errorGuardar")}>
              {error}
            </Alert>
          ) : null}
          <TextInput
            label={t("maestros.campos.nombre")}
            required
            maxLength={NOMBRE_MAX}
            data-autofocus
            {...form.getInputProps("nombre")}
          />
          <Textarea
            label={t("maestros.campos.descripcion")}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={DESCRIPCION_MAX}
            {...form.getInputProps("descripcion")}
          />
          {clase === "color" ? (
            <>
              <ColorInput
                label={t("maestros.campos.color")}
                format="hex"
                swatches={MUESTRAS}
                swatchesPerRow={6}
                withEyeDropper={false}
                {...form.getInputProps("color")}
              />
              <Group gap="sm">
                <Text size="sm" c="dimmed">
                  {t("maestros.vistaPrevia")}
                </Text>
                <MaestroBadge
                  data-testid="vista-previa"
                  size="lg"
                  nombre={form.values.nombre.trim() || t("maestros.campos.nombre")}
                  color={COLOR_HEX.test(color) ? color : undefined}
                />
              </Group>
            </>
          ) : (
            <>
              <Switch
                label={t("maestros.campos.domiciliada")}
                {...form.getInputProps("domiciliada", { type: "checkbox" })}
              />
              <CuentaTesoreriaSelect
                abierto={abierto}
                value={form.values.idCuentaTesoreria}
                onChange={(v) => form.setFieldValue("idCuentaTesoreria", v)}
                error={form.errors.idCuentaTesoreria}
              />
            </>
          )}
          <Switch
            label={t("maestros.campos.activo")}
            {...form.getInputProps("activo", { type: "checkbox" })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={alCerrar}>
              {t("comun.cancelar")}
            </Button>
            <Button type="submit" loading={enviando}>
              {t("comun.guardar")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * A payment method's treasury account (issue 47): where its desk payments are booked. Empty: the
 * bank account of the treasury's settings.
 */
function CuentaTesoreriaSelect({
  abierto,
  value,
  onChange,
  error,
}: {
  abierto: boolean;
  value: string;
  onChange: (valor: string) => void;
  error?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const cuentas = useCuentas(abierto);
  const opciones = (cuentas.data?.items ?? [])
    .filter((c) => c.activo || String(c.id) === value)
    .map((c) => ({ value: String(c.id), label: c.nombre }));
  return (
    <Select
      label={t("maestros.campos.idCuentaTesoreria")}
      description={t("maestros.campos.idCuentaTesoreriaAyuda")}
      placeholder={t("maestros.campos.idCuentaTesoreriaVacia")}
      clearable
      data={opciones}
      value={value === "" ? null : value}
      onChange={(v) => onChange(v ?? "")}
      error={error}
    />
  );
}
