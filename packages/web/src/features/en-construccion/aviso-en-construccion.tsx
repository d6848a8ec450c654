import { Badge, Button, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBarrierBlock } from "@tabler/icons-react";
import { Link } from "react-router";
import { useTranslation } from "../../lib/i18n";

export function AvisoEnConstruccion({ titulo, texto }: { titulo: string; texto: string }) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: "lg", sm: "xl" }}
      maw={640}
      mx="auto"
      mt={{ base: 0, sm: "xl" }}
    >
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light" color="orange" aria-hidden>
          <IconBarrierBlock size={36} />
        </ThemeIcon>
        <Badge color="orange" variant="light">
          {t("enConstruccion.etiqueta")}
        </Badge>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {titulo}
        </Title>
        <Text c="dimmed" maw={480}>
          {texto}
        </Text>
        <Button component={Link} to="/inicio">
          {t("comun.volverAlInicio")}
        </Button>
      </Stack>
    </Paper>
  );
}
