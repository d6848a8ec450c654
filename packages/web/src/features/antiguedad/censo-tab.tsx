import {
  type AjustesFederacion,
  CAMPOS_CENSO,
  type CampoCenso,
  COLUMNAS_CENSO,
  type FilaCenso,
  formatearFecha,
  formatearFechaHora,
  mensajeDeError,
} from "@fila/domain";
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Loader,
  Modal,
  MultiSelect,
  NumberInput,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDownload, IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { CampoFecha } from "../../lib/campo-fecha";
import { descargarDeApi } from "../../lib/descargar";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { useTiposSocio } from "../socios/use-socios";
import {
  useAjustesFederacion,
  useCenso,
  useEnviosCenso,
  useMutacionesCenso,
} from "./use-antiguedad";

const FORMATOS = ["xlsx", "csv", "pdf"] as const;

function celda(fila: FilaCenso, campo: CampoCenso): string {
  const v = fila[campo];
  if (v === null || v === undefined) return "";
  if (campo === "fechaNacimiento" && typeof v === "string") return formatearFecha(v);
  return String(v);
}

const nombre = (f: FilaCenso) => `${f.apellidos}, ${f.nombre}`;

/** «Censo», a tab of Festeros: the federation's census, its changes, downloads and settings. */
export function CensoTab() {
  const { t } = useTranslation();
  const [anyo, setAnyo] = useState(new Date().getFullYear());
  const censo = useCenso(anyo);
  const { enviar } = useMutacionesCenso();
  const [confirmar, setConfirmar] = useState(false);
  const descargar = (ruta: string, porDefecto: string) =>
    descargarDeApi(ruta, porDefecto).catch((e) => notificarError(e));

  return (
    <Stack gap="lg">
      <Group align="end" justify="space-between">
        <NumberInput
          label={t("censo.anyo")}
          value={anyo}
          min={1900}
          max={2200}
          w={120}
          onChange={(v) => typeof v === "number" && setAnyo(v)}
        />
        <Group gap="xs">
          {FORMATOS.map((f) => (
            <Button
              key={f}
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() =>
                descargar(`/federacion/censo?anyo=${anyo}&formato=${f}`, `censo-${anyo}.${f}`)
              }
            >
              {t("censo.descargar")} ({f.toUpperCase()})
            </Button>
          ))}
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() =>
              descargar(`/federacion/seguro?anyo=${anyo}&formato=xlsx`, `seguro-${anyo}.xlsx`)
            }
          >
            {t("censo.seguro")}
          </Button>
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            onClick={() => setConfirmar(true)}
          >
            {t("censo.marcarEnviado")}
          </Button>
        </Group>
      </Group>

      <Modal
        opened={confirmar}
        onClose={() => setConfirmar(false)}
        title={t("censo.marcarEnviado")}
      >
        <Text mb="md">{t("censo.confirmarEnvio", { anyo })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmar(false)}>
            {t("censo.cancelar")}
          </Button>
          <Button
            loading={enviar.isPending}
            onClick={() =>
              enviar.mutate(anyo, {
                onSuccess: () => {
                  setConfirmar(false);
                  notifications.show({ color: "green", message: t("censo.enviado") });
                },
                onError: (e) => notificarError(e),
              })
            }
          >
            {t("censo.marcarEnviado")}
          </Button>
        </Group>
      </Modal>

      {censo.isLoading ? <Loader aria-label={t("app.cargando")} /> : null}
      {censo.isError ? <Alert color="red">{mensajeDeError(censo.error)}</Alert> : null}
      {censo.data ? (
        <>
          <Card withBorder radius="md">
            <Title order={2} size="h4">
              {t("censo.cambios")}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {censo.data.ultimoEnvio
                ? t("censo.ultimoEnvio", {
                    fecha: formatearFechaHora(censo.data.ultimoEnvio.enviadoEn),
                    total: censo.data.ultimoEnvio.total,
                  })
                : t("censo.nuncaEnviado")}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Cambios
                titulo={t("censo.altas")}
                color="green"
                nombres={censo.data.cambios.altas.map(nombre)}
              />
              <Cambios
                titulo={t("censo.bajas")}
                color="red"
                nombres={censo.data.cambios.bajas.map(nombre)}
              />
              <Cambios
                titulo={t("censo.modificados")}
                color="blue"
                nombres={censo.data.cambios.modificados.map(
                  (m) => `${nombre(m.fila)}: ${m.campos.map((c) => c.campo).join(", ")}`,
                )}
              />
            </SimpleGrid>
          </Card>
          <Card withBorder radius="md">
            <Title order={2} size="h4" mb="sm">
              {t("censo.festeros", { n: censo.data.filas.length })}
            </Title>
            <ScrollArea>
              <Table striped aria-label={t("censo.titulo")}>
                <Table.Thead>
                  <Table.Tr>
                    {censo.data.columnas.map((c) => (
                      <Table.Th key={c.campo}>{c.nombre}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {censo.data.filas.slice(0, 300).map((f) => (
                    <Table.Tr key={f.idSocio}>
                      {censo.data.columnas.map((c) => (
                        <Table.Td key={c.campo}>{celda(f, c.campo)}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          </Card>
        </>
      ) : null}
      <Envios />
      <Ajustes />
    </Stack>
  );
}

function Cambios({ titulo, color, nombres }: { titulo: string; color: string; nombres: string[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text fw={600}>{titulo}</Text>
        <Badge color={color} variant="light">
          {nombres.length}
        </Badge>
      </Group>
      {nombres.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("censo.sinCambios")}
        </Text>
      ) : (
        <List size="sm" spacing={2}>
          {nombres.slice(0, 50).map((n) => (
            <List.Item key={n}>{n}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

function Envios() {
  const { t } = useTranslation();
  const envios = useEnviosCenso();
  const items = envios.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        {t("censo.envios")}
      </Title>
      <Table aria-label={t("censo.envios")}>
        <Table.Tbody>
          {items.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{formatearFechaHora(e.enviadoEn)}</Table.Td>
              <Table.Td>{e.anyo}</Table.Td>
              <Table.Td>{e.total}</Table.Td>
              <Table.Td>
                {t("censo.altas")} {e.altas} · {t("censo.bajas")} {e.bajas} ·{" "}
                {t("censo.modificados")} {e.modificados}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function Ajustes() {
  const ajustes = useAjustesFederacion();
  if (!ajustes.data) return null;
  return <FormularioAjustes inicial={ajustes.data} />;
}

function FormularioAjustes({ inicial }: { inicial: AjustesFederacion }) {
  const { t } = useTranslation();
  const tipos = useTiposSocio();
  const { guardarAjustes } = useMutacionesCenso();
  const [valores, setValores] = useState<AjustesFederacion>(inicial);
  const columna = (campo: CampoCenso) => valores.columnas[campo] ?? "";
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        {t("censo.ajustes")}
      </Title>
      <Stack gap="sm">
        <Group grow>
          <CampoFecha
            label={t("censo.fiestasDesde")}
            value={valores.fiestasDesde ?? ""}
            clearable
            onChange={(v) => setValores({ ...valores, fiestasDesde: v || null })}
          />
          <CampoFecha
            label={t("censo.fiestasHasta")}
            value={valores.fiestasHasta ?? ""}
            clearable
            onChange={(v) => setValores({ ...valores, fiestasHasta: v || null })}
          />
        </Group>
        <MultiSelect
          label={t("censo.tipos")}
          data={(tipos.data ?? []).map((tp) => ({ value: String(tp.id), label: tp.nombre }))}
          value={valores.idsTipoSocio.map(String)}
          onChange={(v) => setValores({ ...valores, idsTipoSocio: v.map(Number) })}
        />
        <Text fw={600} size="sm">
          {t("censo.columnas")}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {CAMPOS_CENSO.map((campo) => (
            <TextInput
              key={campo}
              label={COLUMNAS_CENSO.find(([c]) => c === campo)?.[1]}
              placeholder={COLUMNAS_CENSO.find(([c]) => c === campo)?.[1]}
              value={columna(campo)}
              onChange={(e) =>
                setValores({
                  ...valores,
                  columnas: { ...valores.columnas, [campo]: e.currentTarget.value },
                })
              }
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button
            loading={guardarAjustes.isPending}
            onClick={() =>
              guardarAjustes.mutate(valores, {
                onSuccess: () =>
                  notifications.show({ color: "green", message: t("censo.guardado") }),
                onError: (e) => notificarError(e),
              })
            }
          >
            {t("censo.guardar")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
