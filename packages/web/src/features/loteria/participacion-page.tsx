import {
  ErrorHttp,
  formatearFecha,
  mensajeDeError,
  type VerificacionParticipacion,
} from "@fila/domain";
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import { useParams } from "react-router";
import { useTranslation } from "../../lib/i18n";
import { importe } from "../pagos/pagos-logica";
import { urlPdfParticipacion, useVerificacion } from "./use-loteria";

const COLOR_ESTADO: Record<VerificacionParticipacion["estado"], string> = {
  valida: "green",
  anulada: "red",
  devuelta: "gray",
};

/**
 * `#/participacion/:codigo`, without a session: what a buyer who scans the QR of a participation
 * sees — its lottery, draw, numbers, serial, amounts, state and, after the draw, its prize.
 * Nothing about who holds it (the API does not say).
 */
export function ParticipacionPage() {
  const { t } = useTranslation();
  const { codigo = "" } = useParams();
  const consulta = useVerificacion(codigo);

  return (
    <Stack gap="lg" maw={640} mx="auto">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t("loteria.verificacion.titulo")}
      </Title>
      {consulta.isPending ? (
        <Center mih={160}>
          <Loader aria-label={t("app.cargando")} />
        </Center>
      ) : consulta.isError ? (
        <Alert role="alert" color="red" title={t("loteria.verificacion.noEncontrada")}>
          {consulta.error instanceof ErrorHttp && consulta.error.status === 404
            ? t("loteria.verificacion.noEncontradaTexto")
            : mensajeDeError(consulta.error)}
        </Alert>
      ) : (
        <Verificacion datos={consulta.data} codigo={codigo} />
      )}
    </Stack>
  );
}

function Dato({ etiqueta, valor }: { etiqueta: string; valor: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {etiqueta}
      </Text>
      <Text fw={600}>{valor}</Text>
    </Stack>
  );
}

function Verificacion({ datos: d, codigo }: { datos: VerificacionParticipacion; codigo: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="participacion">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={0}>
            <Title order={2} size="h3" id="participacion">
              {d.loteria}
            </Title>
            <Text size="sm">
              {t("loteria.resumen.sorteo", {
                sorteo: d.sorteo,
                fecha: formatearFecha(d.fechaSorteo),
              })}
            </Text>
          </Stack>
          <Badge
            size="lg"
            color={COLOR_ESTADO[d.estado]}
            variant="light"
            miw="max-content"
            data-testid="estado-participacion"
          >
            {t(`loteria.estadosParticipacion.${d.estado}`)}
          </Badge>
        </Group>
        <Text size="sm">{t(`loteria.verificacion.explica.${d.estado}`)}</Text>
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
          <Dato etiqueta={t("loteria.verificacion.serie")} valor={String(d.serie)} />
          <Dato etiqueta={t("loteria.verificacion.numeros")} valor={d.numeros.join(", ")} />
          <Dato etiqueta={t("loteria.verificacion.jugado")} valor={importe(d.importeJugado)} />
          <Dato etiqueta={t("loteria.verificacion.donativo")} valor={importe(d.donativo)} />
          <Dato etiqueta={t("loteria.verificacion.precio")} valor={importe(d.precio)} />
        </SimpleGrid>
        {d.premio ? (
          <Alert
            color={d.premio.bruto > 0 ? "yellow" : "gray"}
            role="status"
            title={
              d.premio.bruto > 0
                ? t("loteria.verificacion.premiada")
                : t("loteria.verificacion.sinPremio")
            }
          >
            {d.premio.bruto > 0
              ? t("loteria.verificacion.premio", {
                  bruto: importe(d.premio.bruto),
                  retencion: importe(d.premio.retencion),
                  neto: importe(d.premio.neto),
                })
              : null}
            {d.premio.pagado ? ` ${t("loteria.verificacion.premioPagado")}` : null}
          </Alert>
        ) : null}
        <Text size="xs" c="dimmed">
          {t("loteria.verificacion.caducidad")}
        </Text>
        {d.estado === "valida" ? (
          <Group>
            <Button
              component="a"
              href={urlPdfParticipacion(codigo)}
              variant="light"
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
            >
              {t("loteria.verificacion.pdf")}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
