import type { Acto } from "@fila/domain";
import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect, useState } from "react";
import { CampoFecha } from "../../lib/campo-fecha";
import { CampoFechaHora } from "../../lib/campo-fecha-hora";
import { CampoHora } from "../../lib/campo-hora";
import { useTranslation } from "../../lib/i18n";
import { IdiomasDelTexto } from "../idioma/idiomas-del-texto";
import { erroresDeServidor } from "../socios/errores-formulario";
import { TipoBadge } from "../socios/tipo-badge";
import { useTiposSocio } from "../socios/use-socios";
import { CAMPOS_ACTO, cuerpoDeActo, type ValoresActo, valoresDeActo } from "./formulario-acto";
import { ImagenActoCampo } from "./imagen-acto";
import { useMutacionesActos, useTiposActo } from "./use-actos";

const IMPORTE = {
  decimalScale: 2,
  fixedDecimalScale: true,
  decimalSeparator: ",",
  thousandSeparator: ".",
  min: 0,
  suffix: " €",
} as const;

/** Create (acto null) or edit an event: every field of the event, prices per member type. */
export function ActoFormModal({
  abierto,
  acto,
  alCerrar,
  alGuardar,
}: {
  abierto: boolean;
  acto: Acto | null;
  alCerrar: () => void;
  alGuardar: (acto: Acto) => void;
}) {
  const { t } = useTranslation();
  const tiposActo = useTiposActo();
  const tiposSocio = useTiposSocio();
  const { crear, cambiar } = useMutacionesActos();
  const [error, setError] = useState<{ general: string; otros: string[] } | null>(null);
  const [imagenActual, setImagenActual] = useState<string | null>(acto?.imagen ?? null);
  const form = useForm<ValoresActo>({
    initialValues: valoresDeActo(null),
    validate: {
      nombre: (v) => (v.trim() === "" ? t("actos.validacion.nombre") : null),
      fecha: (v) => (v === "" ? t("actos.validacion.fecha") : null),
      fechaMaximaInscripcion: (v, valores) =>
        v !== "" && valores.fecha !== "" && v > valores.fecha
          ? t("actos.validacion.fechaMaxima")
          : null,
    },
  });

  // Each opening starts from the event being edited, or from an empty one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new opening resets the form
  useEffect(() => {
    if (!abierto) return;
    setError(null);
    setImagenActual(acto?.imagen ?? null);
    const valores = valoresDeActo(acto);
    form.setInitialValues(valores);
    form.setValues(valores);
    form.clearErrors();
  }, [abierto, acto]);

  async function enviar(valores: ValoresActo) {
    setError(null);
    // The image is uploaded on its own route: keep the one it has now, not the one it opened with.
    const datos = cuerpoDeActo(valores, acto ? { ...acto, imagen: imagenActual } : null);
    try {
      const guardado = acto
        ? await cambiar.mutateAsync({ id: acto.id, datos })
        : await crear.mutateAsync(datos);
      alGuardar(guardado);
      alCerrar();
    } catch (e) {
      const errores = erroresDeServidor(e, CAMPOS_ACTO);
      form.setErrors(errores.campos);
      setError({ general: errores.general, otros: errores.otros });
    }
  }

  const v = form.values;
  const opcionesTipo = (tiposActo.data ?? [])
    .filter((tipo) => tipo.activo !== false || String(tipo.id) === v.idTipoActo)
    .map((tipo) => ({ value: String(tipo.id), label: tipo.nombre }));
  const tiposDeSocio = (tiposSocio.data ?? []).filter(
    (tipo) => tipo.activo !== false || v.precios[String(tipo.id)] !== undefined,
  );

  return (
    <Modal
      opened={abierto}
      onClose={alCerrar}
      title={acto ? t("actos.form.editar", { nombre: acto.nombre }) : t("actos.form.nuevo")}
      size="xl"
      centered
      closeButtonProps={{ "aria-label": t("comun.cerrar") }}
    >
      <form onSubmit={form.onSubmit(enviar)} noValidate>
        <Stack>
          {error ? (
            <Alert role="alert" color="red" title={t("actos.errorGuardar")}>
              <Text size="sm">{error.general}</Text>
              {error.otros.map((m) => (
                <Text size="sm" key={m}>
                  {m}
                </Text>
              ))}
            </Alert>
          ) : null}
          {acto ? <ImagenActoCampo key={acto.id} acto={acto} alCambiar={setImagenActual} /> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("actos.campos.nombre")}
              required
              maxLength={200}
              data-autofocus
              {...form.getInputProps("nombre")}
            />
            <Select
              label={t("actos.campos.tipo")}
              data={opcionesTipo}
              clearable
              searchable
              {...form.getInputProps("idTipoActo")}
            />
            <CampoFecha label={t("actos.campos.fecha")} required {...form.getInputProps("fecha")} />
            <CampoHora label={t("actos.campos.hora")} {...form.getInputProps("hora")} />
            <TextInput
              label={t("actos.campos.lugar")}
              maxLength={200}
              {...form.getInputProps("lugar")}
            />
            <CampoFecha
              label={t("actos.campos.fechaMaximaInscripcion")}
              description={t("actos.ayuda.fechaMaxima")}
              {...form.getInputProps("fechaMaximaInscripcion")}
            />
          </SimpleGrid>
          <Textarea
            label={t("actos.campos.descripcion")}
            description={<IdiomasDelTexto es={v.descripcion} va={v.descripcionVa} />}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={5000}
            {...form.getInputProps("descripcion")}
          />
          <Textarea
            label={t("actos.campos.descripcionVa")}
            description={t("actos.ayuda.descripcionVa")}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={5000}
            lang="ca-ES-valencia"
            {...form.getInputProps("descripcionVa")}
          />

          <Divider label={t("actos.form.inscripcion")} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t("actos.campos.aforo")}
              description={t("actos.ayuda.aforo")}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps("aforo")}
            />
            <NumberInput
              label={t("actos.campos.puntos")}
              description={t("actos.ayuda.puntos")}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps("puntos")}
            />
          </SimpleGrid>
          {String(form.values.aforo).trim() !== "" && (
            <Switch
              label={t("actos.campos.listaEspera")}
              description={t("actos.ayuda.listaEspera")}
              {...form.getInputProps("listaEspera", { type: "checkbox" })}
            />
          )}
          <Switch
            label={t("actos.campos.inscripcionAutomatica")}
            description={t("actos.ayuda.inscripcionAutomatica")}
            {...form.getInputProps("inscripcionAutomatica", { type: "checkbox" })}
          />
          <Switch
            label={t("actos.campos.esInterno")}
            description={t("actos.ayuda.esInterno")}
            {...form.getInputProps("esInterno", { type: "checkbox" })}
          />
          <TagsInput
            label={t("actos.campos.menus")}
            description={t("actos.ayuda.menus")}
            clearable
            maxTags={20}
            {...form.getInputProps("menus")}
          />
          <Switch
            label={t("actos.campos.admiteInvitados")}
            {...form.getInputProps("admiteInvitados", { type: "checkbox" })}
          />
          {v.admiteInvitados ? (
            <NumberInput
              label={t("actos.campos.invitadosMax")}
              min={1}
              max={50}
              allowDecimal={false}
              allowNegative={false}
              maw={260}
              {...form.getInputProps("invitadosMax")}
            />
          ) : null}

          <NumberInput
            label={t("actos.campos.plazasPorMesa")}
            description={t("actos.ayuda.plazasPorMesa")}
            min={2}
            allowDecimal={false}
            allowNegative={false}
            maw={260}
            {...form.getInputProps("plazasPorMesa")}
          />
          <Divider label={t("actos.form.turnos")} labelPosition="left" />
          <Text size="sm" c="dimmed">
            {t("actos.ayuda.turnos")}
          </Text>
          {v.turnos.map((_turno, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a turn is its place in the list
            <Group key={i} align="flex-end" wrap="wrap" gap="xs">
              <CampoFechaHora
                label={t("actos.campos.turnoDesde", { n: i + 1 })}
                {...form.getInputProps(`turnos.${i}.desde`)}
              />
              <NumberInput
                label={t("actos.campos.antiguedadMinima")}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                w={150}
                {...form.getInputProps(`turnos.${i}.antiguedadMinima`)}
              />
              <MultiSelect
                label={t("actos.campos.tiposTurno")}
                data={tiposDeSocio.map((tipo) => ({ value: String(tipo.id), label: tipo.nombre }))}
                w={220}
                {...form.getInputProps(`turnos.${i}.tipos`)}
              />
              <Button variant="subtle" color="red" onClick={() => form.removeListItem("turnos", i)}>
                {t("actos.form.quitarTurno")}
              </Button>
            </Group>
          ))}
          <Group align="flex-end" gap="xs">
            <CampoFechaHora
              label={t("actos.campos.aperturaGeneral")}
              description={t("actos.ayuda.aperturaGeneral")}
              {...form.getInputProps("aperturaGeneral")}
            />
            <Button
              variant="light"
              onClick={() =>
                form.insertListItem("turnos", { desde: "", tipos: [], antiguedadMinima: "" })
              }
            >
              {t("actos.form.anadirTurno")}
            </Button>
          </Group>

          <Divider label={t("actos.form.precios")} labelPosition="left" />
          <Switch
            label={t("actos.campos.sePaga")}
            description={t("actos.ayuda.sePaga")}
            {...form.getInputProps("sePaga", { type: "checkbox" })}
          />
          {v.sePaga ? (
            <Stack gap="xs">
              <Table withTableBorder aria-label={t("actos.form.tablaPrecios")}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("actos.campos.tipoSocio")}</Table.Th>
                    <Table.Th w={200}>{t("actos.campos.precio")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {tiposDeSocio.map((tipo) => (
                    <Table.Tr key={tipo.id}>
                      <Table.Td>
                        <TipoBadge tipo={tipo} />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={t("actos.form.precioDe", { tipo: tipo.nombre })}
                          {...IMPORTE}
                          {...form.getInputProps(`precios.${tipo.id}`)}
                          value={v.precios[String(tipo.id)] ?? ""}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Text size="xs" c="dimmed">
                {t("actos.ayuda.precios")}
              </Text>
              {form.errors.precios ? (
                <Text size="sm" c="red">
                  {form.errors.precios}
                </Text>
              ) : null}
              {v.admiteInvitados ? (
                <NumberInput
                  label={t("actos.campos.precioInvitado")}
                  maw={260}
                  {...IMPORTE}
                  {...form.getInputProps("precioInvitado")}
                />
              ) : null}
              <NumberInput
                label={t("actos.campos.plazoPagoHoras")}
                description={t("actos.ayuda.plazoPagoHoras")}
                min={1}
                allowDecimal={false}
                allowNegative={false}
                maw={260}
                {...form.getInputProps("plazoPagoHoras")}
              />
            </Stack>
          ) : null}

          <Textarea
            label={t("actos.campos.observaciones")}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={5000}
            {...form.getInputProps("observaciones")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={alCerrar}>
              {t("comun.cancelar")}
            </Button>
            <Button type="submit" loading={crear.isPending || cambiar.isPending}>
              {t("comun.guardar")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
