import "mantine-datatable/styles.css";
import {
  type CorreoSaliente,
  ESTADOS_CORREO,
  type EstadoCorreo,
  formatearFechaHora,
  mensajeDeError,
} from "@fila/domain";
import { Alert, Badge, Button, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconRefresh, IconSearch } from "@tabler/icons-react";
import { DataTable } from "mantine-datatable";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { useTextosTabla } from "../../lib/textos-tabla";
import { useCorreos, useReenviarCorreo } from "./use-registros";

const COLOR: Record<EstadoCorreo, string> = {
  pendiente: "blue",
  enviado: "green",
  error: "red",
  sin_smtp: "gray",
};

/** Every email the app sent or tried, without bodies or links; failed ones can be resent. */
export function CorreoSalientePanel() {
  const { t } = useTranslation();
  const textosTabla = useTextosTabla();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [texto, setTexto] = useState("");
  const [q] = useDebouncedValue(texto.trim(), 300);
  const [estado, setEstado] = useState<"" | EstadoCorreo>("");
  const lista = useCorreos(page, pageSize, q, estado);
  const reenviar = useReenviarCorreo();

  async function reenviarCorreo(c: CorreoSaliente) {
    try {
      const nuevo = await reenviar.mutateAsync(c.id);
      if (nuevo.estado === "enviado") {
        notifications.show({
          color: "green",
          message: t("correoSaliente.reenviado", { para: c.para }),
        });
      } else {
        notifications.show({
          color: "red",
          message: t("correoSaliente.vuelveAFallar", { error: nuevo.error }),
        });
      }
    } catch (e) {
      notificarError(e, t("correoSaliente.errorReenvio"));
    }
  }

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t("correoSaliente.intro")}
      </Text>
      {lista.data && !lista.data.conSmtp ? (
        <Alert color="orange" role="status">
          {t("correoSaliente.sinSmtp")}
        </Alert>
      ) : null}
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t("correoSaliente.buscar")}
          placeholder={t("correoSaliente.buscarAyuda")}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={texto}
          onChange={(e) => {
            setTexto(e.currentTarget.value);
            setPage(1);
          }}
          maxLength={100}
          w={280}
        />
        <Select
          label={t("correoSaliente.estado")}
          placeholder={t("correoSaliente.todos")}
          data={ESTADOS_CORREO.map((e) => ({ value: e, label: t(`correoSaliente.estados.${e}`) }))}
          value={estado || null}
          onChange={(v) => {
            setEstado((v ?? "") as "" | EstadoCorreo);
            setPage(1);
          }}
          clearable
          w={220}
        />
      </Group>
      {lista.isError ? (
        <Alert role="alert" color="red">
          {mensajeDeError(lista.error)}
        </Alert>
      ) : null}
      <DataTable<CorreoSaliente>
        aria-label={t("correoSaliente.titulo")}
        withTableBorder
        borderRadius="md"
        striped
        minHeight={lista.data && lista.data.items.length > 0 ? undefined : 160}
        records={lista.data?.items ?? []}
        idAccessor="id"
        fetching={lista.isFetching}
        {...textosTabla}
        noRecordsText={t("correoSaliente.vacio")}
        page={page}
        onPageChange={setPage}
        totalRecords={lista.data?.total ?? 0}
        recordsPerPage={pageSize}
        recordsPerPageOptions={[25, 50, 100]}
        onRecordsPerPageChange={(n) => {
          setPageSize(n);
          setPage(1);
        }}
        columns={[
          {
            accessor: "creadoEn",
            title: t("correoSaliente.col.cuando"),
            render: (c) => formatearFechaHora(c.creadoEn),
          },
          { accessor: "para", title: t("correoSaliente.col.para") },
          { accessor: "asunto", title: t("correoSaliente.col.asunto") },
          {
            accessor: "estado",
            title: t("correoSaliente.col.estado"),
            render: (c) => (
              <Stack gap={2}>
                <Badge variant="light" color={COLOR[c.estado]}>
                  {t(`correoSaliente.estados.${c.estado}`)}
                </Badge>
                {c.error ? (
                  <Text size="xs" c="red.9">
                    {c.error}
                  </Text>
                ) : null}
              </Stack>
            ),
          },
          {
            accessor: "acciones",
            title: t("correoSaliente.col.acciones"),
            textAlign: "right",
            render: (c) =>
              c.estado === "error" && lista.data?.conSmtp ? (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconRefresh size={14} aria-hidden />}
                  loading={reenviar.isPending && reenviar.variables === c.id}
                  aria-label={t("correoSaliente.reenviarA", { para: c.para })}
                  onClick={() => void reenviarCorreo(c)}
                >
                  {t("correoSaliente.reenviar")}
                </Button>
              ) : null,
          },
        ]}
      />
    </Stack>
  );
}
