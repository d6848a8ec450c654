import { Group, Stack, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "../../lib/i18n";

/** Title and intro of an events page, with the page's main action on the right. */
export function CabeceraActos({
  titulo,
  intro,
  children,
}: {
  titulo: string;
  intro: string;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {titulo}
        </Title>
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
      </Stack>
      {children}
    </Group>
  );
}

/** Table rows «menu → people» (head-counts of the enrolled list and of the catering view). */
export function FilasPorMenu({
  porMenu,
}: {
  porMenu: readonly { menu: string; personas: number }[];
}) {
  const { t } = useTranslation();
  return porMenu.map((m) => (
    <Table.Tr key={m.menu}>
      <Table.Td>{m.menu || t("actos.listado.sinMenu")}</Table.Td>
      <Table.Td ta="right">{m.personas}</Table.Td>
    </Table.Tr>
  ));
}
