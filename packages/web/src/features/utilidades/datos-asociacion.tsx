import { type Asociacion, esBicValido, esIbanValido, mensajeDeError } from "@fila/domain";
import {
  Alert,
  Button,
  Code,
  ColorInput,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useAsociacion, useGuardarAsociacion } from "../remesas/use-remesas";
import { erroresDeServidor } from "../socios/errores-formulario";

type Valores = Omit<Asociacion, "identificadorAcreedor">;

const CAMPOS = [
  "nombre",
  "cif",
  "direccion",
  "poblacion",
  "codPostal",
  "provincia",
  "telefono",
  "email",
  "iban",
  "bic",
  "sufijoAcreedor",
  "nombreCorto",
  "color",
] as const satisfies readonly (keyof Valores)[];

const VACIO: Valores = {
  nombre: "",
  cif: "",
  direccion: "",
  poblacion: "",
  codPostal: "",
  provincia: "",
  telefono: "",
  email: "",
  iban: "",
  bic: "",
  sufijoAcreedor: "000",
  nombreCorto: "",
  color: "#c92a2a",
};

/** The association's identity and bank settings; the API's Spanish errors go to their fields. */
export function DatosAsociacion() {
  const { t } = useTranslation();
  const datos = useAsociacion();
  const guardar = useGuardarAsociacion();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Valores>({
    initialValues: VACIO,
    validate: {
      iban: (v) => (esIbanValido(v) ? null : t("utilidades.asociacion.validacion.iban")),
      bic: (v) =>
        v.trim() === "" || esBicValido(v) ? null : t("utilidades.asociacion.validacion.bic"),
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only fresh data from the server resets the form
  useEffect(() => {
    if (!datos.data) return;
    const { identificadorAcreedor: _id, ...valores } = datos.data;
    form.setValues(valores);
    form.resetDirty(valores);
  }, [datos.data]);

  if (datos.isPending) return <Loader aria-label={t("app.cargando")} />;
  if (datos.isError) {
    return (
      <Alert role="alert" color="red" title={t("utilidades.asociacion.errorCarga")}>
        {mensajeDeError(datos.error)}
      </Alert>
    );
  }

  async function enviar(valores: Valores) {
    setError(null);
    try {
      await guardar.mutateAsync(valores);
      notifications.show({ color: "green", message: t("utilidades.asociacion.guardado") });
    } catch (e) {
      const errores = erroresDeServidor(e, CAMPOS);
      form.setErrors(errores.campos);
      setError([errores.general, ...errores.otros].join(" "));
    }
  }

  const campo = (nombre: (typeof CAMPOS)[number]) => ({
    label: t(`utilidades.asociacion.campos.${nombre}`),
    ...form.getInputProps(nombre),
  });
  const identificador = datos.data?.identificadorAcreedor ?? "";

  return (
    <form onSubmit={form.onSubmit(enviar)} noValidate>
      <Stack gap="md" maw={900}>
        <Text c="dimmed" size="sm">
          {t("utilidades.asociacion.intro")}
        </Text>
        {error ? (
          <Alert role="alert" color="red" title={t("utilidades.asociacion.errorGuardar")}>
            {error}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput key={form.key("nombre")} required {...campo("nombre")} />
          <TextInput key={form.key("cif")} required {...campo("cif")} />
          <TextInput key={form.key("direccion")} {...campo("direccion")} />
          <TextInput key={form.key("poblacion")} {...campo("poblacion")} />
          <TextInput key={form.key("codPostal")} {...campo("codPostal")} />
          <TextInput key={form.key("provincia")} {...campo("provincia")} />
          <TextInput key={form.key("telefono")} type="tel" {...campo("telefono")} />
          <TextInput key={form.key("email")} type="email" {...campo("email")} />
          <TextInput key={form.key("iban")} required {...campo("iban")} />
          <TextInput key={form.key("bic")} {...campo("bic")} />
          <TextInput
            key={form.key("sufijoAcreedor")}
            required
            description={t("utilidades.asociacion.ayudaSufijo")}
            maxLength={3}
            {...campo("sufijoAcreedor")}
          />
          <TextInput
            key={form.key("nombreCorto")}
            description={t("utilidades.asociacion.ayudaNombreCorto")}
            maxLength={12}
            {...campo("nombreCorto")}
          />
          <ColorInput
            key={form.key("color")}
            description={t("utilidades.asociacion.ayudaColor")}
            format="hex"
            {...campo("color")}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("utilidades.asociacion.identificador")}
            </Text>
            {identificador ? (
              <Code data-testid="identificador-acreedor" fz="md">
                {identificador}
              </Code>
            ) : (
              <Text size="sm" c="dimmed">
                {t("utilidades.asociacion.sinIdentificador")}
              </Text>
            )}
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={guardar.isPending}>
            {t("utilidades.asociacion.guardar")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
