// Mantine's stylesheets that the entry loads (in its <link> of index.html), in the order they
// have in @mantine/core/styles.css: first what every component relies on (CSS reset, the
// theme's variables, the classes of style props), then the components of the signed-in frame,
// the login, the three homes and the notifications. Any other component brings its own
// stylesheet along with the module that imports it (estilos-mantine.ts, next to vite.config.ts),
// in a file that the pages needing it load; one of these pages that drew a component missing
// here would load that file too (e2e/specs/rendimiento.spec.ts checks they do not).
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
// The theme's own variables, written by the build (src/app/variables-tema.ts).
import "virtual:variables-tema.css";
import "@mantine/core/styles/global.css";
import "@mantine/core/styles/ScrollArea.css";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/VisuallyHidden.css";
import "@mantine/core/styles/Paper.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/ActionIcon.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/Group.css";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/AppShell.css";
import "@mantine/core/styles/Avatar.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Burger.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Divider.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/Indicator.css";
import "@mantine/core/styles/NavLink.css";
import "@mantine/core/styles/Notification.css";
import "@mantine/core/styles/PasswordInput.css";
import "@mantine/core/styles/Progress.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Skeleton.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/ThemeIcon.css";
import "@mantine/core/styles/Title.css";
// The homes' own classes (CSS modules) in the same sheet: as their own files, the home's page
// chunk waited for one or two more stylesheets before it could run. The modules import them too
// (for their class names); the build puts each one once, here.
import "../features/homes/homes.module.css";
import "../features/actos/resumen-actos-home.module.css";
import "../features/mercadillo/destacados-home.module.css";

// The development server pre-bundles the dependencies, and estilos-mantine.ts does not see what
// they import from @mantine/core: there, every component's styles at once.
if (import.meta.env.DEV) void import("@mantine/core/styles.css");
