package dev.cmdgate.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModulePackagesTest {

    private static final String BOOT = "dev/cmdgate/b123/";

    @TempDir
    Path tmp;

    private Path jar(String... names) throws IOException {
        Path z = tmp.resolve("t.jar");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(z))) {
            for (String n : names) {
                out.putNextEntry(new ZipEntry(n));
                out.write(n.getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return z;
    }

    private static java.util.Set<String> packages(Path z) throws IOException {
        try (JarFile f = new JarFile(z.toFile(), false)) {
            return ModulePackages.of(f, z, BOOT);
        }
    }

    @Test
    void withoutAListTheJarIsScannedLeavingOutTheApiTheBootstrapAndMetaInf() throws IOException {
        Path z = jar("META-INF/MANIFEST.MF", "dev/cmdgate/agent/A.class", "dev/cmdgate/agent/start/S.class",
                "dev/cmdgate/api/Api.class", "dev/cmdgate/api/bridge/B.class", "dev/cmdgate/b123/Premain.class",
                "dev/cmdgate/shaded/asm/C.class", "META-INF/cmdgate/java/lang/Bridge.class", "dev/cmdgate/core/rules.txt");
        assertThat(packages(z)).containsExactlyInAnyOrder("dev.cmdgate.agent", "dev.cmdgate.agent.start", "dev.cmdgate.shaded.asm");
    }

    @Test
    void theBuildStepWritesWhatTheScanFindsAndTheStartReadsIt() throws IOException {
        Path z = jar("dev/cmdgate/agent/A.class", "dev/cmdgate/api/Api.class", "dev/cmdgate/b123/Premain.class",
                "dev/cmdgate/core/C.class", "dev/cmdgate/core/D.class");
        ModulePackages.main(new String[] {z.toString(), "dev.cmdgate.b123"});
        try (JarFile f = new JarFile(z.toFile(), false)) {
            assertThat(new String(f.getInputStream(f.getJarEntry(ModulePackages.ENTRY)).readAllBytes(), StandardCharsets.UTF_8))
                    .isEqualTo("dev.cmdgate.agent\ndev.cmdgate.core\n");
        }
        assertThat(packages(z)).containsExactlyInAnyOrder("dev.cmdgate.agent", "dev.cmdgate.core")
                .isEqualTo(ModulePackages.scan(z, BOOT));
        // written again (a second package build): replaced, not doubled
        ModulePackages.main(new String[] {z.toString(), "dev.cmdgate.b123"});
        assertThat(packages(z)).containsExactlyInAnyOrder("dev.cmdgate.agent", "dev.cmdgate.core");
    }

    @Test
    void theBuildStepKeepsEveryEntryAsItWasAndAddsNoExtraField() throws IOException {
        Path z = tmp.resolve("s.jar");
        byte[] stored = "stored bytes".getBytes(StandardCharsets.UTF_8);
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(z))) {
            ZipEntry a = new ZipEntry("dev/cmdgate/agent/A.class");
            a.setExtra(new byte[] {(byte) 0xFE, (byte) 0xCA, 0, 0});   // the jar tools' marker on a jar's first entry
            out.putNextEntry(a);
            out.write(new byte[] {1, 2, 3});
            out.closeEntry();
            ZipEntry s = new ZipEntry("dev/cmdgate/agent/data.bin");
            s.setMethod(ZipEntry.STORED);
            s.setSize(stored.length);
            s.setCompressedSize(stored.length);
            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            crc.update(stored);
            s.setCrc(crc.getValue());
            out.putNextEntry(s);
            out.write(stored);
            out.closeEntry();
        }
        long time = new java.util.zip.ZipFile(z.toFile()).getEntry("dev/cmdgate/agent/A.class").getTime();
        ModulePackages.main(new String[] {z.toString(), "dev.cmdgate.b123"});
        try (java.util.zip.ZipFile f = new java.util.zip.ZipFile(z.toFile())) {
            assertThat(f.stream().map(ZipEntry::getName))
                    .containsExactly("dev/cmdgate/agent/A.class", "dev/cmdgate/agent/data.bin", ModulePackages.ENTRY);
            assertThat(f.getEntry("dev/cmdgate/agent/A.class").getExtra()).containsExactly(0xFE, 0xCA, 0, 0);
            assertThat(f.getEntry("dev/cmdgate/agent/data.bin").getExtra()).isNull();
            assertThat(f.getEntry(ModulePackages.ENTRY).getExtra()).isNull();
            assertThat(f.getInputStream(f.getEntry("dev/cmdgate/agent/A.class")).readAllBytes()).containsExactly(1, 2, 3);
            assertThat(f.getEntry("dev/cmdgate/agent/A.class").getTime()).isEqualTo(time);
            assertThat(f.getEntry("dev/cmdgate/agent/data.bin").getMethod()).isEqualTo(ZipEntry.STORED);
            assertThat(f.getInputStream(f.getEntry("dev/cmdgate/agent/data.bin")).readAllBytes()).isEqualTo(stored);
        }
    }

    @Test
    void theListIsWhatCountsOnceItIsThere() throws IOException {
        // a list that differs from the classes is taken as it is (its last line with or without a line end): the start
        // reads it and never scans
        Path z = jar("dev/cmdgate/agent/A.class", ModulePackages.ENTRY);
        try (var fs = java.nio.file.FileSystems.newFileSystem(z)) {
            Files.writeString(fs.getPath(ModulePackages.ENTRY), "dev.cmdgate.listed\n\ndev.cmdgate.other");
        }
        assertThat(packages(z)).containsExactlyInAnyOrder("dev.cmdgate.listed", "dev.cmdgate.other");
    }

    @Test
    void anEmptyListFailsRatherThanDefiningAnEmptyModule() throws IOException {
        Path z = jar("dev/cmdgate/agent/A.class", ModulePackages.ENTRY);
        try (var fs = java.nio.file.FileSystems.newFileSystem(z)) {
            Files.writeString(fs.getPath(ModulePackages.ENTRY), "\n");
        }
        assertThatThrownBy(() -> packages(z)).isInstanceOf(IOException.class).hasMessageContaining("names no package");
    }
}
