import { formatearFechaHora, mensajeDeError } from "@fila/domain";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Loader,
  Modal,
  Pagination,
  Paper,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { IconChecks } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { type AlertaMia, useAlertaMia, useMisAlertas, useMutacionesAlertas } from "./use-alertas";

const POR_PAGINA = 20;

type Props = {
  page: number;
  onPage: (page: number) => void;
  /** The alert open in the dialog (from ?id=), or null. */
  abierta: number | null;
  onAbrir: (id: number | null) => void;
};

/** "Mis alertas": newest first, unread in bold; opening one shows it and marks it read. */
export function MisAlertas({ page, onPage, abierta, onAbrir }: Props) {
  const { t } = useTranslation();
  const lista = useMisAlertas(page, POR_PAGINA);
  const { marcarTodas } = useMutacionesAlertas();
  const datos = lista.data;

  if (lista.isError) return <Alert color="red">{mensajeDeError(lista.error)}</Alert>;
  if (!datos) return <Loader aria-label={t("alertas.cargando")} />;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {t("alertas.resumenMias", { count: datos.total, noLeidas: datos.noLeidas })}
        </Text>
        {datos.noLeidas > 0 ? (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconChecks size={16} aria-hidden />}
            loading={marcarTodas.isPending}
            onClick={() => marcarTodas.mutate(undefined, { onError: (e) => notificarError(e) })}
          >
            {t("alertas.marcarTodas")}
          </Button>
        ) : null}
      </Group>
      {datos.items.length === 0 ? (
        <Text c="dimmed">{t("alertas.sinAlertas")}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {datos.items.map((a) => (
            <li key={a.id}>
              <FilaAlerta alerta={a} onAbrir={() => onAbrir(a.id)} />
            </li>
          ))}
        </Stack>
      )}
      {datos.total > POR_PAGINA ? (
        <Pagination
          total={Math.ceil(datos.total / POR_PAGINA)}
          value={page}
          onChange={onPage}
          aria-label={t("alertas.paginas")}
        />
      ) : null}
      <DetalleAlerta id={abierta} onCerrar={() => onAbrir(null)} />
    </Stack>
  );
}

function FilaAlerta({ alerta, onAbrir }: { alerta: AlertaMia; onAbrir: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="md">
      <UnstyledButton onClick={onAbrir} w="100%">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={alerta.leida ? 400 : 700} lineClamp={2}>
              {alerta.titulo}
            </Text>
            {alerta.mensaje ? (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {alerta.mensaje}
              </Text>
            ) : null}
          </Stack>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
              {formatearFechaHora(alerta.creadaEn)}
            </Text>
            {alerta.leida ? null : (
              <Badge size="sm" color="red" variant="light">
                {t("alertas.nueva")}
              </Badge>
            )}
          </Stack>
        </Group>
      </UnstyledButton>
    </Paper>
  );
}

function DetalleAlerta({ id, onCerrar }: { id: number | null; onCerrar: () => void }) {
  const { t } = useTranslation();
  const alerta = useAlertaMia(id);
  const { marcarLeida } = useMutacionesAlertas();
  const marcada = useRef<number | null>(null);

  useEffect(() => {
    const a = alerta.data;
    if (!a || a.leida || marcada.current === a.id) return;
    marcada.current = a.id;
    marcarLeida.mutate(a.id, { onError: (e) => notificarError(e) });
  }, [alerta.data, marcarLeida]);

  const a = alerta.data;
  return (
    <Modal
      opened={id !== null}
      onClose={onCerrar}
      title={a?.titulo ?? t("alertas.alerta")}
      size="lg"
    >
      {alerta.isError ? (
        <Alert color="red">{mensajeDeError(alerta.error)}</Alert>
      ) : !a ? (
        <Loader aria-label={t("alertas.cargando")} />
      ) : (
        <Stack gap="sm">
          <Text size="xs" c="dimmed">
            {formatearFechaHora(a.creadaEn)}
          </Text>
          {a.imagen ? <Image src={a.imagen} alt="" radius="md" mah={320} fit="contain" /> : null}
          {a.mensaje ? <Text style={{ whiteSpace: "pre-line" }}>{a.mensaje}</Text> : null}
          {a.enlace ? (
            <Anchor component={Link} to={a.enlace} onClick={onCerrar}>
              {t("alertas.abrirEnlace")}
            </Anchor>
          ) : null}
        </Stack>
      )}
    </Modal>
  );
}
