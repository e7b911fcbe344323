package dev.cmdgate.core.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class EncodedValueTest {

    private static final EncodedValue BOTH = EncodedValue.NONE.with(List.of("percent")).with(List.of("base64", "12", "64"));

    @Test
    void percentEscapesAreDecodedOnce() {
        assertThat(BOTH.percentDecoded("a%3Ab%2540c")).isEqualTo("a:b%40c");
        assertThat(BOTH.percentDecoded("caf%C3%A9")).isEqualTo("caf\u00e9");
        assertThat(BOTH.percentDecoded("100% sure %zz")).isNull();
        assertThat(BOTH.percentDecoded("no escapes")).isNull();
        assertThat(EncodedValue.NONE.percentDecoded("a%3Ab")).isNull();
    }

    @Test
    void wholeBase64ValuesOfPrintableTextAreDecoded() {
        assertThat(BOTH.base64Decoded("dXNlcjpTM2NyZXRQdzk=")).isEqualTo("user:S3cretPw9");
        assertThat(BOTH.base64Decoded(" dXNlcjpTM2NyZXRQdzk= ")).isEqualTo("user:S3cretPw9");
        assertThat(BOTH.base64Decoded("dXNlcjpTM2NyZXRQdzk")).isEqualTo("user:S3cretPw9");       // unpadded
        assertThat(BOTH.base64Decoded("PDw_Pz8-Pj4-")).isEqualTo("<<???>>>>");        // URL alphabet
    }

    @Test
    void otherValuesAreNotBase64() {
        assertThat(BOTH.base64Decoded("dXNlcjpTM2NyZXRQdzk==")).isNull();       // bad padding
        assertThat(BOTH.base64Decoded("Administrator")).isNull();               // decodes to control bytes
        assertThat(BOTH.base64Decoded("aGVsbG8=")).isNull();                    // below the bound
        assertThat(BOTH.base64Decoded("dXNl cjpTM2NyZXRQdzk=")).isNull();       // a blank
        assertThat(BOTH.base64Decoded("a+b_cdefghijkl")).isNull();              // two alphabets
        assertThat(BOTH.base64Decoded("x".repeat(68))).isNull();                // above the bound
        assertThat(EncodedValue.NONE.base64Decoded("dXNlcjpTM2NyZXRQdzk=")).isNull();
    }

    @Test
    void rowsAreChecked() {
        assertThatThrownBy(() -> EncodedValue.NONE.with(List.of("rot13"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EncodedValue.NONE.with(List.of("base64", "4", "10"))).isInstanceOf(IllegalArgumentException.class);
    }
}
