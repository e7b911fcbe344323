package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Host administration the rules had no rows for, or judged by one coarse row: network and firewall changes
 * (firewall-cmd and pfctl only show with their showing words; wg-quick, brctl), hypervisors (govc, vmrun, VirtualBox
 * snapshots, esxcli maintenance), container host namespaces and mounts, package tools' configuration files and
 * signature switches, in-place encryption. Read-only listings stay Read. Nothing here runs; the lines are only
 * classified.
 */
class AdminTailTest {

    static final CommandClassifier C = Classifiers.standard(null);

    private static CommandClass of(String line) {
        return C.classifyShell(line).commandClass();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            // firewalls: only the showing words are Read
            "firewall-cmd --list-all => Read",
            "firewall-cmd --get-active-zones => Read",
            "firewall-cmd --zone=dmz --query-port=22/tcp => Read",
            "firewall-cmd --reload => Destructive",
            "firewall-cmd --zone=public --remove-service=ssh => Destructive",
            "firewall-cmd --set-default-zone=trusted => Destructive",
            "pfctl -sa => Read",
            "pfctl -s nat => Read",
            "pfctl -e => Destructive",
            "pfctl -k 10.0.0.1 => Destructive",
            "pfctl -t bad -T flush => Destructive",
            // interfaces and VPNs
            "wg-quick up wg0 => Destructive",
            "brctl showmacs br0 => Read",
            "brctl addbr br9 => Destructive",
            // hypervisors
            "govc snapshot.revert -vm app base => Destructive",
            "govc host.shutdown -f h1 => Destructive",
            "govc datastore.rm -ds ds1 vm/old.vmdk => Destructive",
            "vmrun -T ws revertToSnapshot a.vmx s1 => Destructive",
            "vmrun listSnapshots a.vmx => Read",
            "VBoxManage snapshot dev restore clean => Destructive",
            "esxcli system maintenanceMode set -e true => Destructive",
            // containers sharing the host's namespaces or files
            "podman run --ipc=host fedora => Destructive",
            "nerdctl run --uts=host alpine => Destructive",
            "docker compose run -v /etc:/x web sh => Destructive",
            "docker compose run --cap-add=ALL web => Destructive",
            "docker compose run --rm web pytest => Write",
            // package tools: configuration files and signature switches
            "npm ci --globalconfig ./ci.npmrc => Destructive",
            "NPM_CONFIG_USERCONFIG=/tmp/x npm install => Destructive",
            "yarn config set script-shell /bin/zsh => Destructive",
            "apk add --keys-dir=/tmp/k x => Destructive",
            "opkg --force-signature install x => Destructive",
            "apt-get -o Dpkg::Options::=--force-confold,all install x => Destructive",
            "apt-get -o Dpkg::Options::=--force-confold install x => Install",
            "pip3 install --trusted-host 10.0.0.5 x => Destructive",
            "pip install requests => Install",
            "nala upgrade => Install",
            "nala show vim => Read",
            "nala autoremove => Destructive",
            "apt-fast purge nginx => Destructive",
            // in-place encryption
            "mcrypt --unlink notes.txt => Destructive",
            "mcrypt -d notes.txt.nc => Write",
            "ecryptfs-setup-private --force => Destructive",
    })
    void judged(String line, String expected) {
        assertThat(of(line)).isEqualTo(CommandClass.valueOf(expected.toUpperCase()));
    }
}
