package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A command whose job is handing out a stored secret or a credential is a credential read (Destructive), whatever
 * global options come before its sub-command; its neighbours that list, log in or only reach the service stay as
 * the service makes them (Network), and everyday reads stay Read.
 */
class CredentialClisTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "aws --profile prod configure get aws_secret_access_key                    | DESTRUCTIVE",
        "aws --region eu-west-1 --output text secretsmanager get-secret-value --secret-id x | DESTRUCTIVE",
        "aws ssm get-parameters-by-path --path /prod --with-decryption              | DESTRUCTIVE",
        "aws ssm get-parameter --name /prod/region                                 | NETWORK",
        "aws --profile prod s3 ls                                                   | NETWORK",
        "gcloud secrets versions access 3 --secret=api                              | DESTRUCTIVE",
        "az storage account keys list -n acct                                       | DESTRUCTIVE",
        "kubectl -n prod get secrets,configmaps -o json                             | DESTRUCTIVE",
        "kubectl get secret/x -ojsonpath='{.data.token}'                            | DESTRUCTIVE",
        "kubectl get secrets -n prod                                                | NETWORK",
        "kubectl get deploy -o yaml                                                 | NETWORK",
        "vault kv get -mount=secret db                                              | DESTRUCTIVE",
        "heroku config -a app                                                       | DESTRUCTIVE",
        "terraform output -json                                                     | DESTRUCTIVE",
        "pulumi config get db:password                                              | DESTRUCTIVE",
        "yarn config get 'npmRegistries[\"//npm.acme.com\"].npmAuthToken'           | DESTRUCTIVE",
        "pnpm config get @acme:_auth                                                | DESTRUCTIVE",
        "yarn config get npmRegistryServer                                          | READ",
        "gpg --decrypt notes.txt.gpg                                                | DESTRUCTIVE",
        "gpg --verify a.sig a                                                       | READ",
        "docker inspect -f '{{range .Config.Env}}{{println .}}{{end}}' web          | DESTRUCTIVE",
        "docker inspect -f '{{.NetworkSettings.IPAddress}}' web                     | READ",
        "sops --decrypt secrets.yaml                                                | DESTRUCTIVE",
        "chamber export service                                                     | DESTRUCTIVE",
        "conjur variable get -i db/pass                                             | DESTRUCTIVE",
        "cat $XDG_CONFIG_HOME/gh/hosts.yml                                          | DESTRUCTIVE",
    })
    void judged(String line, CommandClass expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line).isEqualTo(expected);
    }
}
