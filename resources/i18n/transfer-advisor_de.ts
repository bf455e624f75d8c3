<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE" sourcelanguage="en_GB">
<context>
    <name>AboutWords</name>
    <message>
        <source>About Transfer Advisor</source>
        <translation>Über Transfer Advisor</translation>
    </message>
    <message>
        <source>Transfer Advisor {version}

Measures the link to your NAS, explains what limits it, races the ways to copy on your own files and copies with the fastest, then checks the far side.</source>
        <translation>Transfer Advisor {version}

Misst die Verbindung zu Ihrem NAS, erklärt, was sie bremst, vergleicht die Kopierwege an Ihren eigenen Dateien, kopiert mit dem schnellsten und prüft danach die Gegenseite.</translation>
    </message>
</context>
<context>
    <name>AddHostWords</name>
    <message>
        <source>Edit a host</source>
        <translation>Host bearbeiten</translation>
    </message>
    <message>
        <source>Add a host</source>
        <translation>Host hinzufügen</translation>
    </message>
    <message>
        <source>nas.local, 192.0.2.20 or an ssh alias</source>
        <translation>nas.local, 192.0.2.20 oder ein ssh-Alias</translation>
    </message>
    <message>
        <source>as in your ssh config, or your user name here</source>
        <translation>wie in Ihrer ssh-Konfiguration, sonst Ihr Benutzername hier</translation>
    </message>
    <message>
        <source>optional: how the host list shows it</source>
        <translation>optional: so zeigt ihn die Host-Liste</translation>
    </message>
    <message>
        <source>Key or ssh a&amp;gent</source>
        <translation>Schlüssel oder ssh-A&amp;gent</translation>
    </message>
    <message>
        <source>Pass&amp;word</source>
        <translation>Pass&amp;wort</translation>
    </message>
    <message>
        <source>optional: a private key file; empty uses your usual keys and agent</source>
        <translation>optional: eine private Schlüsseldatei; leer werden Ihre üblichen Schlüssel und der Agent verwendet</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>kept only while the window is open, unless remembered</source>
        <translation>wird nur gespeichert, solange das Fenster offen ist, außer Sie merken es sich</translation>
    </message>
    <message>
        <source>&amp;Remember it in the system keyring</source>
        <translation>Im Schlüsselbund des Systems &amp;merken</translation>
    </message>
    <message>
        <source>After a successful login the password goes to your desktop&apos;s keyring (never to a file), so the window does not ask for it again.</source>
        <translation>Nach einer erfolgreichen Anmeldung kommt das Passwort in den Schlüsselbund Ihrer Arbeitsumgebung (nie in eine Datei), damit das Fenster nicht erneut danach fragt.</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>&amp;Host:</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>&amp;Benutzer:</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Port:</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>Log in with:</source>
        <translation>Anmelden mit:</translation>
    </message>
    <message>
        <source>&amp;Key file:</source>
        <translation>&amp;Schlüsseldatei:</translation>
    </message>
    <message>
        <source>Pa&amp;ssword:</source>
        <translation>Passw&amp;ort:</translation>
    </message>
    <message>
        <source>S&amp;ave and test</source>
        <translation>Speichern und &amp;testen</translation>
    </message>
    <message>
        <source>&amp;Add and test</source>
        <translation>Hinzufügen und &amp;testen</translation>
    </message>
    <message>
        <source>The host must run an SSH server (NAS systems call it SSH or SFTP service). Its key fingerprint is shown for you to confirm on the first connection.</source>
        <translation>Auf dem Host muss ein SSH-Server laufen (NAS-Systeme nennen ihn SSH- oder SFTP-Dienst). Sein Schlüssel-Fingerabdruck wird bei der ersten Verbindung angezeigt, damit Sie ihn bestätigen können.</translation>
    </message>
    <message>
        <source>Choose the private key file</source>
        <translation>Private Schlüsseldatei auswählen</translation>
    </message>
</context>
<context>
    <name>AdviceErrors</name>
    <message>
        <source>No transfer method can run between this computer and {host}; see `transfer-advisor methods` for why.</source>
        <translation>Zwischen diesem Computer und {host} kann keine Übertragungsmethode laufen; warum, zeigt `transfer-advisor methods`.</translation>
    </message>
    <message>
        <source>No secure method can run here; allow insecure methods or install rsync or tar on the host.</source>
        <translation>Hier kann keine sichere Methode laufen; erlauben Sie unsichere Methoden oder installieren Sie rsync oder tar auf dem Host.</translation>
    </message>
</context>
<context>
    <name>AdviceStepWords</name>
    <message>
        <source>Finding the fastest way</source>
        <translation>Suche nach dem schnellsten Weg</translation>
    </message>
    <message>
        <source>Ready: measure the link and race the methods on your files.</source>
        <translation>Bereit: Verbindung messen und die Methoden mit Ihren Dateien vergleichen.</translation>
    </message>
    <message>
        <source>Racing {method}…</source>
        <translation>Vergleichslauf mit {method}…</translation>
    </message>
    <message>
        <source>Stopped. The race&apos;s scratch folder was removed.</source>
        <translation>Angehalten. Der temporäre Ordner des Vergleichs wurde entfernt.</translation>
    </message>
    <message>
        <source>Could not find the fastest way</source>
        <translation>Der schnellste Weg konnte nicht ermittelt werden</translation>
    </message>
</context>
<context>
    <name>AdviceViewWords</name>
    <message>
        <source>{tool} on this computer&apos;s CPU</source>
        <translation>{tool} auf der CPU dieses Computers</translation>
    </message>
    <message>
        <source>{tool} on {host}&apos;s CPU</source>
        <translation>{tool} auf der CPU von {host}</translation>
    </message>
    <message numerus="yes">
        <source>%n TCP connection(s)</source>
        <translation>
            <numerusform>%n TCP-Verbindung</numerusform>
            <numerusform>%n TCP-Verbindungen</numerusform>
        </translation>
    </message>
    <message>
        <source>One TCP connection</source>
        <translation>Eine TCP-Verbindung</translation>
    </message>
    <message>
        <source>{tool} in flight</source>
        <translation>{tool}: Daten unterwegs</translation>
    </message>
    <message>
        <source>What limits the speed</source>
        <translation>Was die Geschwindigkeit begrenzt</translation>
    </message>
    <message>
        <source>The race on your files</source>
        <translation>Der Vergleich mit Ihren Dateien</translation>
    </message>
    <message>
        <source>&lt;b&gt;Limit:&lt;/b&gt; {sentence}</source>
        <translation>&lt;b&gt;Grenze:&lt;/b&gt; {sentence}</translation>
    </message>
</context>
<context>
    <name>AdviceWords</name>
    <message>
        <source>the network carries {rate} MB/s</source>
        <translation>das Netzwerk überträgt {rate} MB/s</translation>
    </message>
    <message>
        <source>the network&apos;s own speed was not measured</source>
        <translation>die Geschwindigkeit des Netzwerks selbst wurde nicht gemessen</translation>
    </message>
    <message>
        <source>The CPU of {host} caps ssh encryption at {rate} MB/s while {network}.</source>
        <translation>Die CPU von {host} begrenzt die ssh-Verschlüsselung auf {rate} MB/s; {network}.</translation>
    </message>
    <message>
        <source>This computer&apos;s CPU caps ssh encryption at {rate} MB/s while {network}.</source>
        <translation>Die CPU dieses Computers begrenzt die ssh-Verschlüsselung auf {rate} MB/s; {network}.</translation>
    </message>
    <message>
        <source>The disk of {host} reads only {rate} MB/s while {network}.</source>
        <translation>Die Festplatte von {host} liest nur {rate} MB/s; {network}.</translation>
    </message>
    <message>
        <source>The disk of {host} writes only {rate} MB/s while {network}.</source>
        <translation>Die Festplatte von {host} schreibt nur {rate} MB/s; {network}.</translation>
    </message>
    <message>
        <source>This computer&apos;s disk writes only {rate} MB/s while {network}.</source>
        <translation>Die Festplatte dieses Computers schreibt nur {rate} MB/s; {network}.</translation>
    </message>
    <message>
        <source>This computer&apos;s disk reads only {rate} MB/s while {network}.</source>
        <translation>Die Festplatte dieses Computers liest nur {rate} MB/s; {network}.</translation>
    </message>
    <message>
        <source>{pays_off}; the compressor&apos;s {rate} MB/s is what holds it now.</source>
        <translation>{pays_off}; jetzt bremsen die {rate} MB/s des Kompressors.</translation>
    </message>
    <message>
        <source>Compressing with {codec} runs at only {rate} MB/s, slower than sending the files as they are.</source>
        <translation>Die Kompression mit {codec} schafft nur {rate} MB/s, weniger, als die Dateien unverändert zu senden.</translation>
    </message>
    <message>
        <source>{sentence} (your files went at {rate} MB/s in the race).</source>
        <translation>{sentence} (Ihre Dateien kamen im Vergleich auf {rate} MB/s).</translation>
    </message>
    <message>
        <source>Not measured: {figures}.</source>
        <translation>Nicht gemessen: {figures}.</translation>
    </message>
    <message numerus="yes">
        <source>{pause} (%n round trip(s) of {rtt} and the file&apos;s creation)</source>
        <translation>
            <numerusform>{pause} (%n Umlauf von {rtt} und das Anlegen der Datei)</numerusform>
            <numerusform>{pause} (%n Umläufe von je {rtt} und das Anlegen der Datei)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{method} pauses about {pause} on every file: {time} of its {total} for %n file(s).</source>
        <translation>
            <numerusform>{method} hält bei jeder Datei etwa {pause} an: {time} von {total} für %n Datei.</numerusform>
            <numerusform>{method} hält bei jeder Datei etwa {pause} an: {time} von {total} für %n Dateien.</numerusform>
        </translation>
    </message>
    <message>
        <source>this</source>
        <comment>a round trip not measured</comment>
        <translation>unbekannter Dauer</translation>
    </message>
    <message>
        <source>{pays_off}; ssh&apos;s 2 MiB window over a {rtt} round trip is what holds your files now, at {rate} MB/s.</source>
        <translation>{pays_off}; jetzt begrenzt das 2-MiB-Fenster von ssh bei einer Umlaufzeit von {rtt} Ihre Dateien auf {rate} MB/s.</translation>
    </message>
    <message numerus="yes">
        <source>One TCP connection carries only {one} MB/s over a {rtt} round trip (what its buffers keep in flight), so %n streams side by side carry {rate} MB/s while {network}.</source>
        <translation>
            <numerusform>Eine TCP-Verbindung überträgt bei einer Umlaufzeit von {rtt} nur {one} MB/s (so viel, wie ihre Puffer unterwegs halten), daher überträgt %n Datenstrom {rate} MB/s; {network}.</numerusform>
            <numerusform>Eine TCP-Verbindung überträgt bei einer Umlaufzeit von {rtt} nur {one} MB/s (so viel, wie ihre Puffer unterwegs halten), daher übertragen %n Datenströme nebeneinander {rate} MB/s; {network}.</numerusform>
        </translation>
    </message>
    <message>
        <source>One TCP connection carries only {one} MB/s over a {rtt} round trip (what its buffers keep in flight) while {network} on several at once.</source>
        <translation>Eine TCP-Verbindung überträgt bei einer Umlaufzeit von {rtt} nur {one} MB/s (so viel, wie ihre Puffer unterwegs halten); mit mehreren Verbindungen gleichzeitig gilt: {network}.</translation>
    </message>
    <message numerus="yes">
        <source>ssh&apos;s 2 MiB window over a {rtt} round trip holds each stream to {each} MB/s, so %n streams side by side carry {rate} MB/s while {network}.</source>
        <translation>
            <numerusform>Das 2-MiB-Fenster von ssh begrenzt bei einer Umlaufzeit von {rtt} jeden Datenstrom auf {each} MB/s, daher überträgt %n Datenstrom {rate} MB/s; {network}.</numerusform>
            <numerusform>Das 2-MiB-Fenster von ssh begrenzt bei einer Umlaufzeit von {rtt} jeden Datenstrom auf {each} MB/s, daher übertragen %n Datenströme nebeneinander {rate} MB/s; {network}.</numerusform>
        </translation>
    </message>
    <message>
        <source>ssh&apos;s 2 MiB window over a {rtt} round trip holds one stream to {rate} MB/s while {network}.</source>
        <translation>Das 2-MiB-Fenster von ssh begrenzt bei einer Umlaufzeit von {rtt} einen Datenstrom auf {rate} MB/s; {network}.</translation>
    </message>
    <message>
        <source>{method} keeps only 64 requests of 32 KiB in flight, so a {rtt} round trip holds it to {rate} MB/s while {network}.</source>
        <translation>{method} hält nur 64 Anfragen zu je 32 KiB unterwegs, daher begrenzt eine Umlaufzeit von {rtt} die Methode auf {rate} MB/s; {network}.</translation>
    </message>
    <message>
        <source>Writing to its disk takes all the CPU {host} has: it stores only {rate} MB/s while {network}.</source>
        <translation>Das Schreiben auf die eigene Festplatte braucht die ganze CPU von {host}, daher speichert {host} nur {rate} MB/s; {network}.</translation>
    </message>
    <message>
        <source>{tool}&apos;s own work on this computer&apos;s CPU holds {method} to {rate} MB/s while {network}.</source>
        <translation>Die eigene Arbeit von {tool} auf der CPU dieses Computers begrenzt {method} auf {rate} MB/s; {network}.</translation>
    </message>
    <message>
        <source>{tool}&apos;s own work on the CPU of {host} holds {method} to {rate} MB/s while {network}.</source>
        <translation>Die eigene Arbeit von {tool} auf der CPU von {host} begrenzt {method} auf {rate} MB/s; {network}.</translation>
    </message>
    <message>
        <source>The network&apos;s speed was not measured; on a gigabit network ({gigabit} MB/s) {method} would get {rate} MB/s.</source>
        <translation>Die Geschwindigkeit des Netzwerks wurde nicht gemessen; in einem Gigabit-Netzwerk ({gigabit} MB/s) käme {method} auf {rate} MB/s.</translation>
    </message>
    <message>
        <source>The network is the limit at {tcp} MB/s; compressing with {codec} pays off, so your files go through it at {rate} MB/s.</source>
        <translation>Das Netzwerk ist mit {tcp} MB/s die Grenze; die Kompression mit {codec} lohnt sich, sodass Ihre Dateien mit {rate} MB/s hindurchgehen.</translation>
    </message>
    <message>
        <source>The network is the limit: it carries {tcp} MB/s, and {method} gets {rate} MB/s through it.</source>
        <translation>Das Netzwerk ist die Grenze: Es überträgt {tcp} MB/s, und {method} bringt {rate} MB/s hindurch.</translation>
    </message>
    <message>
        <source>The network carries only {rate} MB/s, so compressing with {codec} pays off</source>
        <translation>Das Netzwerk überträgt nur {rate} MB/s, daher lohnt sich die Kompression mit {codec}</translation>
    </message>
    <message>
        <source>ssh&apos;s zlib (-C)</source>
        <translation>zlib von ssh (-C)</translation>
    </message>
    <message numerus="yes">
        <source>%n stream(s)</source>
        <translation>
            <numerusform>%n Datenstrom</numerusform>
            <numerusform>%n Datenströme</numerusform>
        </translation>
    </message>
    <message>
        <source>cipher {cipher} and MAC {mac}</source>
        <translation>Verschlüsselung {cipher} und MAC {mac}</translation>
    </message>
    <message>
        <source>cipher {cipher}</source>
        <translation>Verschlüsselung {cipher}</translation>
    </message>
    <message>
        <source>{codec} compression</source>
        <translation>Kompression mit {codec}</translation>
    </message>
    <message>
        <source>a shared connection</source>
        <translation>einer gemeinsam genutzten Verbindung</translation>
    </message>
    <message numerus="yes">
        <source>%n parallel stream(s)</source>
        <translation>
            <numerusform>%n parallelen Datenstrom</numerusform>
            <numerusform>%n parallelen Datenströmen</numerusform>
        </translation>
    </message>
    <message>
        <source>(with {options})</source>
        <translation>(mit {options})</translation>
    </message>
    <message>
        <source>{method} is the only secure method that can run here ({rate} MB/s measured).</source>
        <translation>{method} ist die einzige sichere Methode, die hier laufen kann ({rate} MB/s gemessen).</translation>
    </message>
    <message>
        <source>{method} is the only secure method that can run here ({rate} MB/s predicted).</source>
        <translation>{method} ist die einzige sichere Methode, die hier laufen kann ({rate} MB/s vorhergesagt).</translation>
    </message>
    <message>
        <source>{method} is the only method that can run here ({rate} MB/s measured).</source>
        <translation>{method} ist die einzige Methode, die hier laufen kann ({rate} MB/s gemessen).</translation>
    </message>
    <message>
        <source>{method} is the only method that can run here ({rate} MB/s predicted).</source>
        <translation>{method} ist die einzige Methode, die hier laufen kann ({rate} MB/s vorhergesagt).</translation>
    </message>
    <message>
        <source>{method} is measured at {rate} MB/s; {rival} is predicted at {rival_rate} MB/s, too close to trust over a measurement.</source>
        <translation>{method} wurde mit {rate} MB/s gemessen; für {rival} sind {rival_rate} MB/s vorhergesagt, zu knapp, um der Vorhersage mehr als einer Messung zu trauen.</translation>
    </message>
    <message>
        <source>{method} is measured at {rate} MB/s, ahead of {rival} at {rival_rate} MB/s: {why}.</source>
        <translation>{method} wurde mit {rate} MB/s gemessen, vor {rival} mit {rival_rate} MB/s: {why}.</translation>
    </message>
    <message>
        <source>{method} is measured at {rate} MB/s, ahead of {rival} at {rival_rate} MB/s predicted: {why}.</source>
        <translation>{method} wurde mit {rate} MB/s gemessen, vor {rival} mit vorhergesagten {rival_rate} MB/s: {why}.</translation>
    </message>
    <message>
        <source>{method} is predicted at {rate} MB/s, ahead of {rival} at {rival_rate} MB/s measured: {why}.</source>
        <translation>Für {method} sind {rate} MB/s vorhergesagt, vor {rival} mit gemessenen {rival_rate} MB/s: {why}.</translation>
    </message>
    <message>
        <source>{method} is predicted at {rate} MB/s, ahead of {rival} at {rival_rate} MB/s: {why}.</source>
        <translation>Für {method} sind {rate} MB/s vorhergesagt, vor {rival} mit {rival_rate} MB/s: {why}.</translation>
    </message>
    <message>
        <source>not raced: {ahead} already moved {ahead_rate} MB/s, and {method} is predicted to reach {rate} MB/s</source>
        <translation>nicht verglichen: {ahead} hat bereits {ahead_rate} MB/s übertragen, und für {method} sind {rate} MB/s vorhergesagt</translation>
    </message>
    <message>
        <source>not raced: {ahead} already moved {ahead_rate} MB/s, and the network lets {method} move {rate} MB/s at most</source>
        <translation>nicht verglichen: {ahead} hat bereits {ahead_rate} MB/s übertragen, und das Netzwerk lässt für {method} höchstens {rate} MB/s zu</translation>
    </message>
    <message>
        <source>not raced: what is left to copy ({left}) is too little for {method} to win back what a lap costs here ({seconds})</source>
        <translation>nicht verglichen: was noch zu kopieren ist ({left}), ist zu wenig, als dass {method} wieder hereinholen könnte, was ein Durchgang hier kostet ({seconds})</translation>
    </message>
    <message>
        <source>not raced: the lap by {by} copied everything already, and the copy keeps it</source>
        <translation>nicht verglichen: der Durchgang mit {by} hat schon alles kopiert, und die Kopie behält es</translation>
    </message>
    <message>
        <source>no data moved steadily within its time; race longer</source>
        <translation>in der vorgesehenen Zeit flossen keine Daten gleichmäßig; lassen Sie den Vergleich länger laufen</translation>
    </message>
    <message>
        <source>The race&apos;s laps copied {size} of the selection into the copy&apos;s staging folder: the copy carries on from there instead of sending them again.</source>
        <translation>Die Durchläufe des Vergleichs haben {size} der Auswahl in den Zwischenordner der Kopie kopiert: Die Kopie macht dort weiter, statt diese Daten erneut zu senden.</translation>
    </message>
    <message>
        <source>The race&apos;s lap by {by} copied everything: a copy by that method keeps it instead of sending it again.</source>
        <translation>Der Durchgang des Vergleichs mit {by} hat alles kopiert: Eine Kopie mit dieser Methode übernimmt ihn, statt alles erneut zu senden.</translation>
    </message>
    <message numerus="yes">
        <source>Not raced: {method} was predicted to copy %n file(s) ({size}) in {time}, sooner than racing the methods would take, so it copied them at once.</source>
        <translation>
            <numerusform>Nicht verglichen: {method} sollte laut Vorhersage %n Datei ({size}) in {time} kopieren, schneller, als ein Vergleich der Methoden dauern würde; deshalb wurde sofort kopiert.</numerusform>
            <numerusform>Nicht verglichen: {method} sollte laut Vorhersage %n Dateien ({size}) in {time} kopieren, schneller, als ein Vergleich der Methoden dauern würde; deshalb wurde sofort kopiert.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Not raced: {method} was predicted to copy %n file(s) ({size}) in {time}, sooner than measuring the link and racing the methods would take, so it copied them at once.</source>
        <translation>
            <numerusform>Nicht verglichen: {method} sollte laut Vorhersage %n Datei ({size}) in {time} kopieren, schneller, als das Messen der Verbindung und ein Vergleich der Methoden dauern würden; deshalb wurde sofort kopiert.</numerusform>
            <numerusform>Nicht verglichen: {method} sollte laut Vorhersage %n Dateien ({size}) in {time} kopieren, schneller, als das Messen der Verbindung und ein Vergleich der Methoden dauern würden; deshalb wurde sofort kopiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>{dest} is on another disk than {advised}, where the advice measured the disk, so this copy was advised again for it: {method}.</source>
        <translation>{dest} liegt auf einem anderen Datenträger als {advised}, wo die Empfehlung den Datenträger gemessen hat; daher wurde für diese Kopie neu gesucht: {method}.</translation>
    </message>
    <message>
        <source>This copy took {took} where about {promised} was predicted: {why}; the next advice for {host} allows for that.</source>
        <translation>Diese Kopie dauerte {took}, vorhergesagt waren etwa {promised}: {why}; die nächste Empfehlung für {host} berücksichtigt das.</translation>
    </message>
    <message>
        <source>This copy took {took} where about {promised} was predicted; the next advice for {host} allows for that.</source>
        <translation>Diese Kopie dauerte {took}, vorhergesagt waren etwa {promised}; die nächste Empfehlung für {host} berücksichtigt das.</translation>
    </message>
    <message>
        <source>it slowed as it went, from {first} MB/s in its first third to {last} MB/s in its last (the host&apos;s disk cache filling up, or the host busy with something else)</source>
        <translation>sie wurde unterwegs langsamer, von {first} MB/s im ersten Drittel auf {last} MB/s im letzten (der Festplatten-Cache des Hosts lief voll, oder der Host war mit anderem beschäftigt)</translation>
    </message>
    <message numerus="yes">
        <source>its %Ln file(s) cost more each than the race&apos;s sample of them showed</source>
        <translation>
            <numerusform>ihre %Ln Datei kostete mehr, als die Stichprobe im Vergleich zeigte</numerusform>
            <numerusform>ihre %Ln Dateien kosteten jeweils mehr, als die Stichprobe im Vergleich zeigte</numerusform>
        </translation>
    </message>
    <message>
        <source>it moved {rate} MB/s from the start where its lap in the race moved {lap} (over a whole copy the host was slower than in the race&apos;s seconds)</source>
        <translation>sie übertrug von Anfang an {rate} MB/s, wo ihr Durchlauf im Vergleich {lap} MB/s schaffte (über eine ganze Kopie war der Host langsamer als in den Sekunden des Vergleichs)</translation>
    </message>
    <message numerus="yes">
        <source>Your selection (%n file(s), {size}) is too little to time the link with: {method} copied it in the race in {time}, most of that starting up.</source>
        <translation>
            <numerusform>Ihre Auswahl (%n Datei, {size}) ist zu klein, um die Verbindung damit zu messen: {method} hat sie im Vergleich in {time} kopiert, das meiste davon für den Start.</numerusform>
            <numerusform>Ihre Auswahl (%n Dateien, {size}) ist zu klein, um die Verbindung damit zu messen: {method} hat sie im Vergleich in {time} kopiert, das meiste davon für den Start.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Your selection (%n file(s), {size}) is too little to time the link with: {method} is predicted to copy it in {time}, most of that starting up.</source>
        <translation>
            <numerusform>Ihre Auswahl (%n Datei, {size}) ist zu klein, um die Verbindung damit zu messen: {method} kopiert sie laut Vorhersage in {time}, das meiste davon für den Start.</numerusform>
            <numerusform>Ihre Auswahl (%n Dateien, {size}) ist zu klein, um die Verbindung damit zu messen: {method} kopiert sie laut Vorhersage in {time}, das meiste davon für den Start.</numerusform>
        </translation>
    </message>
    <message>
        <source>{method} is the only secure method that can run here ({time} for all of it).</source>
        <translation>{method} ist die einzige sichere Methode, die hier laufen kann ({time} für alles).</translation>
    </message>
    <message>
        <source>{method} is the only method that can run here ({time} for all of it).</source>
        <translation>{method} ist die einzige Methode, die hier laufen kann ({time} für alles).</translation>
    </message>
    <message>
        <source>{method} took {time} for all of it; {rival} is predicted at {rival_time}, too close to trust over a measurement.</source>
        <translation>{method} brauchte {time} für alles; für {rival} sind {rival_time} vorhergesagt, zu knapp, um der Vorhersage mehr als einer Messung zu trauen.</translation>
    </message>
    <message>
        <source>{method} took {time} for all of it, ahead of {rival} at {rival_time}: with this little data, the quicker start decides.</source>
        <translation>{method} brauchte {time} für alles, vor {rival} mit {rival_time}: Bei so wenigen Daten entscheidet der schnellere Start.</translation>
    </message>
    <message>
        <source>{method} took {time} for all of it, ahead of {rival} at {rival_time} predicted: with this little data, the quicker start decides.</source>
        <translation>{method} brauchte {time} für alles, vor {rival} mit vorhergesagten {rival_time}: Bei so wenigen Daten entscheidet der schnellere Start.</translation>
    </message>
    <message>
        <source>{method} is predicted to take {time} for all of it, ahead of {rival} at {rival_time} in the race: with this little data, the quicker start decides.</source>
        <translation>{method} braucht laut Vorhersage {time} für alles, vor {rival} mit {rival_time} im Vergleich: Bei so wenigen Daten entscheidet der schnellere Start.</translation>
    </message>
    <message>
        <source>{method} is predicted to take {time} for all of it, ahead of {rival} at {rival_time}: with this little data, the quicker start decides.</source>
        <translation>{method} braucht laut Vorhersage {time} für alles, vor {rival} mit {rival_time}: Bei so wenigen Daten entscheidet der schnellere Start.</translation>
    </message>
    <message>
        <source>it does not pause on every file as {rival} does</source>
        <translation>anders als {rival} hält es nicht bei jeder Datei an</translation>
    </message>
    <message>
        <source>it skips encryption, which the CPU of {host} cannot do faster than {rate} MB/s</source>
        <translation>es verzichtet auf die Verschlüsselung, die die CPU von {host} nicht schneller als mit {rate} MB/s schafft</translation>
    </message>
    <message>
        <source>it skips encryption, which this computer&apos;s CPU cannot do faster than {rate} MB/s</source>
        <translation>es verzichtet auf die Verschlüsselung, die die CPU dieses Computers nicht schneller als mit {rate} MB/s schafft</translation>
    </message>
    <message>
        <source>compressing with {codec} sends fewer bytes than the files hold, and {network}</source>
        <translation>die Kompression mit {codec} sendet weniger Bytes, als die Dateien enthalten, und {network}</translation>
    </message>
    <message>
        <source>both are held by {factor}; it has the least overhead on top</source>
        <translation>beide werden durch {factor} gebremst; es hat den geringsten zusätzlichen Aufwand</translation>
    </message>
    <message>
        <source>{rival} is held back by {factor}</source>
        <translation>{rival} wird durch {factor} gebremst</translation>
    </message>
    <message>
        <source>the CPU of {host} writing to its disk</source>
        <translation>die CPU von {host} beim Schreiben auf die Platte</translation>
    </message>
    <message>
        <source>{tool}&apos;s own work on this computer</source>
        <translation>die eigene Arbeit von {tool} auf diesem Computer</translation>
    </message>
    <message>
        <source>{tool}&apos;s own work on {host}</source>
        <translation>die eigene Arbeit von {tool} auf {host}</translation>
    </message>
    <message>
        <source>how much data its protocol keeps in flight over the round trip</source>
        <translation>die Datenmenge, die sein Protokoll während einer Umlaufzeit unterwegs hält</translation>
    </message>
    <message>
        <source>the CPU of {host} encrypting</source>
        <translation>die CPU von {host} beim Verschlüsseln</translation>
    </message>
    <message>
        <source>the disk of {host}</source>
        <translation>die Festplatte von {host}</translation>
    </message>
    <message>
        <source>the network</source>
        <translation>das Netzwerk</translation>
    </message>
    <message>
        <source>this computer&apos;s CPU encrypting</source>
        <translation>die CPU dieses Computers beim Verschlüsseln</translation>
    </message>
    <message>
        <source>this computer&apos;s disk</source>
        <translation>die Festplatte dieses Computers</translation>
    </message>
    <message>
        <source>pauses on every file</source>
        <translation>Pausen bei jeder Datei</translation>
    </message>
    <message>
        <source>compression</source>
        <translation>die Kompression</translation>
    </message>
    <message>
        <source>starting up</source>
        <translation>das Starten</translation>
    </message>
    <message>
        <source>Round trip: how long a tiny message takes to reach the host and come back. Methods that wait for an answer after every file lose this much time per file.</source>
        <translation>Umlaufzeit: wie lange eine winzige Nachricht zum Host und zurück braucht. Methoden, die nach jeder Datei auf eine Antwort warten, verlieren so viel Zeit pro Datei.</translation>
    </message>
    <message>
        <source>The network itself: how much plain, unencrypted data the cable or Wi-Fi carried between the two machines (like netcat). No method can go faster than this.</source>
        <translation>Das Netzwerk selbst: wie viele einfache, unverschlüsselte Daten Kabel oder WLAN zwischen den beiden Geräten übertragen haben (wie netcat). Keine Methode kann schneller sein.</translation>
    </message>
    <message>
        <source>How fast one ssh connection carried data with this cipher. ssh encrypts everything; a small NAS processor often cannot encrypt faster than this, whatever the network could carry.</source>
        <translation>Wie schnell eine ssh-Verbindung mit diesem Verschlüsselungsverfahren Daten übertragen hat. ssh verschlüsselt alles; der kleine Prozessor eines NAS kann oft nicht schneller verschlüsseln, ganz gleich, was das Netzwerk schaffen würde.</translation>
    </message>
    <message>
        <source>How fast the destination&apos;s disk stores data, measured with data that cannot be compressed and flushed to the disk, as a real copy does.</source>
        <translation>Wie schnell die Festplatte des Ziels Daten speichert, gemessen mit nicht komprimierbaren Daten, die wie bei einer echten Kopie bis auf die Festplatte geschrieben werden.</translation>
    </message>
    <message>
        <source>How fast this computer reads your selected files from its own disk.</source>
        <translation>Wie schnell dieser Computer Ihre ausgewählten Dateien von seiner eigenen Festplatte liest.</translation>
    </message>
    <message>
        <source>Pauses on every file: some methods wait for the other side to answer after each file; with many small files these pauses, not the network, decide the time.</source>
        <translation>Pausen bei jeder Datei: Manche Methoden warten nach jeder Datei auf eine Antwort der Gegenseite; bei vielen kleinen Dateien bestimmen diese Pausen die Dauer, nicht das Netzwerk.</translation>
    </message>
    <message>
        <source>Compressing the data before sending: it only helps when the network is slower than the compressor; on a fast network it slows the copy down.</source>
        <translation>Die Daten vor dem Senden komprimieren: Das hilft nur, wenn das Netzwerk langsamer ist als der Kompressor; in einem schnellen Netzwerk bremst es die Kopie.</translation>
    </message>
    <message>
        <source>The copying tool&apos;s own work (reading, packing and writing files) on a slow processor.</source>
        <translation>Die eigene Arbeit des Kopierwerkzeugs (Dateien lesen, packen und schreiben) auf einem langsamen Prozessor.</translation>
    </message>
    <message>
        <source>How much data the protocol keeps in flight: over a long round trip, ssh and sftp wait for acknowledgements and cannot fill the network.</source>
        <translation>Wie viele Daten das Protokoll gleichzeitig unterwegs hält: Bei einer langen Umlaufzeit warten ssh und sftp auf Bestätigungen und können das Netzwerk nicht auslasten.</translation>
    </message>
    <message>
        <source>How well a sample of your files compresses, and how fast this computer compresses it.</source>
        <translation>Wie gut sich eine Stichprobe Ihrer Dateien komprimieren lässt und wie schnell dieser Computer sie komprimiert.</translation>
    </message>
    <message>
        <source>Measuring the link to {host}</source>
        <translation>Verbindung zu {host} wird gemessen</translation>
    </message>
    <message>
        <source>all the files in one encrypted stream</source>
        <translation>alle Dateien in einem verschlüsselten Datenstrom</translation>
    </message>
    <message>
        <source>rsync over an encrypted connection</source>
        <translation>rsync über eine verschlüsselte Verbindung</translation>
    </message>
    <message>
        <source>OpenSSH&apos;s secure copy</source>
        <translation>sicheres Kopieren mit OpenSSH</translation>
    </message>
    <message>
        <source>OpenSSH&apos;s secure copy, the old way</source>
        <translation>sicheres Kopieren mit OpenSSH, das alte Verfahren</translation>
    </message>
    <message>
        <source>OpenSSH&apos;s file transfer</source>
        <translation>Dateiübertragung mit OpenSSH</translation>
    </message>
    <message>
        <source>the file piped through an encrypted connection</source>
        <translation>die Datei durch eine verschlüsselte Verbindung geleitet</translation>
    </message>
    <message>
        <source>all the files in one stream, not encrypted</source>
        <translation>alle Dateien in einem Datenstrom, unverschlüsselt</translation>
    </message>
    <message>
        <source>rsync without encryption</source>
        <translation>rsync ohne Verschlüsselung</translation>
    </message>
    <message>
        <source>the share this computer has mounted, encrypted</source>
        <translation>die auf diesem Computer eingehängte Freigabe, verschlüsselt</translation>
    </message>
    <message>
        <source>the share this computer has mounted, not encrypted</source>
        <translation>die auf diesem Computer eingehängte Freigabe, unverschlüsselt</translation>
    </message>
    <message>
        <source>the rsync service the NAS runs, not encrypted</source>
        <translation>der rsync-Dienst des NAS, unverschlüsselt</translation>
    </message>
    <message>
        <source>the NAS&apos;s FTP service with TLS</source>
        <translation>der FTP-Dienst des NAS mit TLS</translation>
    </message>
    <message>
        <source>the NAS&apos;s FTP service, not encrypted</source>
        <translation>der FTP-Dienst des NAS, unverschlüsselt</translation>
    </message>
    <message>
        <source>the NAS&apos;s SMB share, encrypted</source>
        <translation>die SMB-Freigabe des NAS, verschlüsselt</translation>
    </message>
    <message>
        <source>the NAS&apos;s SMB share, not encrypted</source>
        <translation>die SMB-Freigabe des NAS, unverschlüsselt</translation>
    </message>
    <message>
        <source>the NAS&apos;s NFS export, not encrypted</source>
        <translation>der NFS-Export des NAS, unverschlüsselt</translation>
    </message>
    <message>
        <source>The only secure method that can run here.</source>
        <translation>Die einzige sichere Methode, die hier laufen kann.</translation>
    </message>
    <message>
        <source>The only method that can run here.</source>
        <translation>Die einzige Methode, die hier laufen kann.</translation>
    </message>
    <message>
        <source>“{rival}” is predicted at {rate} MB/s, too close to trust over what was measured.</source>
        <translation>Für „{rival}“ sind {rate} MB/s vorhergesagt, zu knapp, um der Vorhersage mehr als der Messung zu trauen.</translation>
    </message>
    <message>
        <source>that one</source>
        <comment>the method the card&apos;s reason just named</comment>
        <translation>diese</translation>
    </message>
    <message>
        <source>Ahead of “{rival}” ({rate} MB/s timed): {why}.</source>
        <translation>Vor „{rival}“ ({rate} MB/s gestoppt): {why}.</translation>
    </message>
    <message>
        <source>Ahead of “{rival}” ({rate} MB/s measured): {why}.</source>
        <translation>Vor „{rival}“ ({rate} MB/s gemessen): {why}.</translation>
    </message>
    <message>
        <source>Ahead of “{rival}” ({rate} MB/s predicted): {why}.</source>
        <translation>Vor „{rival}“ ({rate} MB/s vorhergesagt): {why}.</translation>
    </message>
    <message>
        <source>“{rival}” is predicted at {time}, too close to trust over what was timed.</source>
        <translation>Für „{rival}“ sind {time} vorhergesagt, zu knapp, um der Vorhersage mehr als der gemessenen Zeit zu trauen.</translation>
    </message>
    <message>
        <source>Ahead of “{rival}” ({time} timed): with this little data, the quicker start decides.</source>
        <translation>Vor „{rival}“ ({time} gestoppt): Bei so wenigen Daten entscheidet der schnellere Start.</translation>
    </message>
    <message>
        <source>Ahead of “{rival}” ({time} predicted): with this little data, the quicker start decides.</source>
        <translation>Vor „{rival}“ ({time} vorhergesagt): Bei so wenigen Daten entscheidet der schnellere Start.</translation>
    </message>
    <message>
        <source>“{name}”</source>
        <translation>„{name}“</translation>
    </message>
    <message>
        <source>This copy</source>
        <translation>Diese Kopie</translation>
    </message>
</context>
<context>
    <name>BottleneckChartWords</name>
    <message>
        <source>The race moved your files faster than this probe measured, so the figure is the race&apos;s.</source>
        <translation>Der Vergleich hat Ihre Dateien schneller übertragen, als diese Messung ergab; der Wert stammt daher aus dem Vergleich.</translation>
    </message>
    <message>
        <source>LIMIT</source>
        <translation>GRENZE</translation>
    </message>
    <message>
        <source>SLOWEST</source>
        <translation>LANGSAMSTE</translation>
    </message>
    <message>
        <source>Bottleneck chart</source>
        <translation>Engpass-Diagramm</translation>
    </message>
    <message>
        <source>Round trip {time}</source>
        <translation>Umlaufzeit {time}</translation>
    </message>
    <message>
        <source>the host gives one process {share}</source>
        <translation>der Host gewährt einem Prozess {share}</translation>
    </message>
    <message>
        <source>Network (plain TCP)</source>
        <translation>Netzwerk (reines TCP)</translation>
    </message>
    <message>
        <source>Network (several connections)</source>
        <translation>Netzwerk (mehrere Verbindungen)</translation>
    </message>
    <message>
        <source>Cipher {cipher}: {figures}</source>
        <translation>Verschlüsselung {cipher}: {figures}</translation>
    </message>
    <message>
        <source>Destination disk</source>
        <translation>Zielfestplatte</translation>
    </message>
    <message>
        <source>Reading your files</source>
        <translation>Lesen Ihrer Dateien</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
    <message>
        <source>limit: {row}</source>
        <translation>Grenze: {row}</translation>
    </message>
    <message>
        <source>slowest so far: {row}</source>
        <translation>bisher am langsamsten: {row}</translation>
    </message>
    <message>
        <source>Nothing measured yet: what each part of the link carries appears here as Find the fastest way measures it.</source>
        <translation>Noch nichts gemessen: Was jeder Teil der Verbindung schafft, erscheint hier, sobald die Suche nach dem schnellsten Weg es misst.</translation>
    </message>
</context>
<context>
    <name>CipherProbeWords</name>
    <message>
        <source>ssh exited with {code}</source>
        <translation>ssh wurde mit Exit-Code {code} beendet</translation>
    </message>
    <message>
        <source>ssh took no data for {seconds} s</source>
        <translation>ssh hat {seconds} s lang keine Daten angenommen</translation>
    </message>
</context>
<context>
    <name>CliCommands</name>
    <message>
        <source>Using {host}: {description}. {folder} and everything copied there is removed when this command ends.</source>
        <translation>Verwende {host}: {description}. {folder} und alles, was dorthin kopiert wird, wird am Ende dieses Befehls entfernt.</translation>
    </message>
    <message>
        <source>Note: {note}.</source>
        <translation>Hinweis: {note}.</translation>
    </message>
    <message>
        <source>the copy could not be added to the history ({reason}).</source>
        <translation>die Kopie konnte nicht in den Verlauf aufgenommen werden ({reason}).</translation>
    </message>
    <message>
        <source>Profiling {host}:</source>
        <translation>Messe die Verbindung zu {host}:</translation>
    </message>
    <message>
        <source>{host} has key fingerprint {fingerprint}.
Trust it and remember it? [y/N] </source>
        <translation>{host} hat den Schlüssel-Fingerabdruck {fingerprint}.
Diesem Schlüssel vertrauen und ihn speichern? [j/N] </translation>
    </message>
    <message>
        <source>y</source>
        <translation>j</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
</context>
<context>
    <name>CliHelp</name>
    <message>
        <source>usage: </source>
        <translation>Aufruf: </translation>
    </message>
    <message>
        <source>positional arguments</source>
        <translation>Positionsargumente</translation>
    </message>
    <message>
        <source>options</source>
        <translation>Optionen</translation>
    </message>
    <message>
        <source>show this help message and exit</source>
        <translation>diese Hilfe anzeigen und beenden</translation>
    </message>
    <message>
        <source>read this ssh config instead of ~/.ssh/config (like ssh -F)</source>
        <translation>diese ssh-Konfiguration statt ~/.ssh/config lesen (wie ssh -F)</translation>
    </message>
    <message>
        <source>keep all state here (also ${variable})</source>
        <translation>den gesamten Zustand hier ablegen (auch ${variable})</translation>
    </message>
    <message>
        <source>print one JSON object instead of text</source>
        <translation>ein JSON-Objekt statt Text ausgeben</translation>
    </message>
    <message>
        <source>for hosts that take a password: read it from the first line of standard input instead of asking on the terminal</source>
        <translation>für Hosts mit Passwort: das Passwort aus der ersten Zeile der Standardeingabe lesen, statt im Terminal danach zu fragen</translation>
    </message>
    <message>
        <source>keep the password in the system keyring after a successful login (never in a file); later runs use it. So is a password in $RSYNC_PASSWORD, or typed when asked, that a module of the host&apos;s rsync service took</source>
        <translation>das Passwort nach erfolgreicher Anmeldung im Schlüsselbund des Systems aufbewahren (nie in einer Datei); spätere Läufe verwenden es. Ebenso ein Passwort aus $RSYNC_PASSWORD oder eines, das auf Nachfrage eingegeben wurde, das ein Modul des rsync-Dienstes des Hosts angenommen hat</translation>
    </message>
    <message>
        <source>use a local demo host instead of HOST: an SSH server on 127.0.0.1 started for this command and removed after it, with --dest defaulting to its folder</source>
        <translation>statt HOST einen lokalen Demo-Host verwenden: einen SSH-Server auf 127.0.0.1, der für diesen Befehl gestartet und danach entfernt wird; --dest ist dann standardmäßig sein Ordner</translation>
    </message>
    <message>
        <source>predict only; do not race the best candidates</source>
        <translation>nur vorhersagen; die besten Kandidaten nicht im Wettlauf messen</translation>
    </message>
    <message>
        <source>how many methods race, 1 to {most} (default 3)</source>
        <translation>wie viele Methoden im Wettlauf antreten, 1 bis {most} (Standard: 3)</translation>
    </message>
    <message>
        <source>seconds each races, at most {most} (default 2)</source>
        <translation>Sekunden im Wettlauf je Methode, höchstens {most} (Standard: 2)</translation>
    </message>
    <message>
        <source>measure the link again even if a recent profile is kept</source>
        <translation>die Verbindung neu messen, auch wenn ein aktuelles Profil gespeichert ist</translation>
    </message>
    <message>
        <source>keep each file&apos;s owner and group, by number (rsync --numeric-ids, tar --numeric-owner); needs root on the receiving side</source>
        <translation>Eigentümer und Gruppe jeder Datei als Nummer übernehmen (rsync --numeric-ids, tar --numeric-owner); erfordert root auf der empfangenden Seite</translation>
    </message>
    <message>
        <source>keep extended attributes and ACLs (rsync -X -A, GNU tar --xattrs --acls); the destination&apos;s filesystem must take them</source>
        <translation>erweiterte Attribute und ACLs übernehmen (rsync -X -A, GNU tar --xattrs --acls); das Dateisystem am Ziel muss sie unterstützen</translation>
    </message>
    <message>
        <source>stop when no data has moved for S seconds and say the link was lost, {least} to {most} (default {default})</source>
        <translation>abbrechen und die Verbindung als verloren melden, wenn S Sekunden lang keine Daten geflossen sind, {least} bis {most} (Standard: {default})</translation>
    </message>
    <message>
        <source>examples:</source>
        <translation>Beispiele:</translation>
    </message>
    <message>
        <source>opens the window; also: {command}</source>
        <translation>öffnet das Fenster; ebenso: {command}</translation>
    </message>
    <message>
        <source>the window, with a local demo host to try it on</source>
        <translation>das Fenster, mit einem lokalen Demo-Host zum Ausprobieren</translation>
    </message>
    <message>
        <source>Find and use the fastest way to copy files to a NAS or another Linux box.</source>
        <translation>Den schnellsten Weg finden und nutzen, Dateien auf ein NAS oder einen anderen Linux-Rechner zu kopieren.</translation>
    </message>
    <message>
        <source>show program&apos;s version number and exit</source>
        <translation>die Versionsnummer des Programms anzeigen und beenden</translation>
    </message>
    <message>
        <source>open the window (offscreen without a display), check it is built and responsive, run a short profile against a local demo host, and exit 0</source>
        <translation>das Fenster öffnen (ohne Bildschirm unsichtbar), prüfen, dass es aufgebaut ist und reagiert, eine kurze Messung gegen einen lokalen Demo-Host ausführen und mit 0 beenden</translation>
    </message>
    <message>
        <source>open the window with a local demo host chosen: an SSH server on 127.0.0.1 that the app starts and removes when it exits</source>
        <translation>das Fenster mit einem lokalen Demo-Host öffnen: einem SSH-Server auf 127.0.0.1, den das Programm startet und beim Beenden wieder entfernt</translation>
    </message>
    <message>
        <source>open the window (the default with no command)</source>
        <translation>das Fenster öffnen (Standard ohne Befehl)</translation>
    </message>
    <message>
        <source>check the window is built and responsive, then exit</source>
        <translation>prüfen, dass das Fenster aufgebaut ist und reagiert, dann beenden</translation>
    </message>
    <message>
        <source>start with a local demo host chosen</source>
        <translation>mit einem lokalen Demo-Host starten</translation>
    </message>
    <message>
        <source>files and folders to copy, already in the selection (what a file manager&apos;s &quot;Open with&quot; passes)</source>
        <translation>zu kopierende Dateien und Ordner, gleich in der Auswahl (was „Öffnen mit“ eines Dateimanagers übergibt)</translation>
    </message>
    <message>
        <source>list the transfer methods and whether each can run</source>
        <translation>die Übertragungsmethoden auflisten und ob jede laufen kann</translation>
    </message>
    <message>
        <source>an alias from your ssh config, or [user@]host[:port]</source>
        <translation>ein Alias aus Ihrer ssh-Konfiguration oder [user@]host[:port]</translation>
    </message>
    <message>
        <source>remote destination folder (checks it can be written)</source>
        <translation>Zielordner auf dem Host (prüft, ob er beschreibbar ist)</translation>
    </message>
    <message>
        <source>offer unencrypted methods (trusted LAN only)</source>
        <translation>unverschlüsselte Methoden anbieten (nur in vertrauenswürdigem LAN)</translation>
    </message>
    <message>
        <source>copy files with a chosen method</source>
        <translation>Dateien mit einer gewählten Methode kopieren</translation>
    </message>
    <message>
        <source>files or folders (remote paths with --download)</source>
        <translation>Dateien oder Ordner (Pfade auf dem Host mit --download)</translation>
    </message>
    <message>
        <source>destination folder (local with --download); required unless --demo</source>
        <translation>Zielordner (lokal mit --download); erforderlich, außer mit --demo</translation>
    </message>
    <message>
        <source>one of: {methods}</source>
        <translation>eine von: {methods}</translation>
    </message>
    <message>
        <source>advise first (profile, predict, race), then copy with the fastest secure method, or the fastest overall with --allow-insecure</source>
        <translation>erst beraten (messen, vorhersagen, Wettlauf), dann mit der schnellsten sicheren Methode kopieren, mit --allow-insecure mit der schnellsten überhaupt</translation>
    </message>
    <message>
        <source>ssh cipher, e.g. aes128-gcm@openssh.com</source>
        <translation>ssh-Verschlüsselungsverfahren, z. B. aes128-gcm@openssh.com</translation>
    </message>
    <message>
        <source>none, ssh (ssh -C), or zstd/lz4 inside the pipeline</source>
        <translation>none, ssh (ssh -C) oder zstd/lz4 innerhalb der Pipeline</translation>
    </message>
    <message>
        <source>share one ssh connection (ControlMaster)</source>
        <translation>eine ssh-Verbindung gemeinsam nutzen (ControlMaster)</translation>
    </message>
    <message>
        <source>copy on N parallel ssh connections, each with a part of the files (tar-ssh, rsync-ssh; helps where one connection is held by its window over a long round trip, or by one CPU core)</source>
        <translation>über N parallele ssh-Verbindungen kopieren, jede mit einem Teil der Dateien (tar-ssh, rsync-ssh; hilft, wo eine einzelne Verbindung bei langer Umlaufzeit durch ihr Fenster oder durch einen CPU-Kern gebremst wird)</translation>
    </message>
    <message>
        <source>allow unencrypted methods (trusted LAN only)</source>
        <translation>unverschlüsselte Methoden erlauben (nur in vertrauenswürdigem LAN)</translation>
    </message>
    <message>
        <source>also compare the files&apos; contents (hashes) on both sides (unencrypted methods do by default)</source>
        <translation>auch die Inhalte der Dateien (Hashes) auf beiden Seiten vergleichen (unverschlüsselte Methoden tun das standardmäßig)</translation>
    </message>
    <message>
        <source>fetch from the host instead of sending to it</source>
        <translation>vom Host holen, statt an ihn zu senden</translation>
    </message>
    <message>
        <source>what to do with files already at the destination that differ from the copy&apos;s: skip them, replace them, replace all but those newer there (newer), or keep both (rename: the copy gets a name like &apos;photo (2).jpg&apos;); without it such a copy stops before it starts. Identical files are never sent again</source>
        <translation>was mit Dateien geschehen soll, die schon am Ziel liegen und sich von denen der Kopie unterscheiden: überspringen (skip), ersetzen (replace), alle außer den dort neueren ersetzen (newer) oder beide behalten (rename: die Kopie erhält einen Namen wie „photo (2).jpg“); ohne diese Option hält eine solche Kopie an, bevor sie beginnt. Identische Dateien werden nie erneut gesendet</translation>
    </message>
    <message>
        <source>send only what is new or changed: identical files are not sent, changed ones are replaced, a file newer at the destination is left (the same as --existing newer; like rsync -u)</source>
        <translation>nur Neues oder Geändertes senden: identische Dateien werden nicht gesendet, geänderte ersetzt, eine am Ziel neuere Datei bleibt (dasselbe wie --existing newer; wie rsync -u)</translation>
    </message>
    <message>
        <source>make each copied folder at the destination match the selection: after the copy is in place and verified, delete what those folders hold that the selection does not have. Without --yes-delete nothing is copied or deleted when something would be deleted: the command says what and exits with 3</source>
        <translation>jeden kopierten Ordner am Ziel an die Auswahl angleichen: sobald die Kopie vollständig und geprüft ist, löschen, was diese Ordner enthalten, die Auswahl aber nicht. Ohne --yes-delete wird nichts kopiert oder gelöscht, wenn etwas gelöscht würde: der Befehl nennt es und endet mit 3</translation>
    </message>
    <message>
        <source>with --mirror: delete without asking</source>
        <translation>mit --mirror: ohne Nachfrage löschen</translation>
    </message>
    <message>
        <source>say what the copy would send (and with --mirror, delete), and change nothing</source>
        <translation>anzeigen, was die Kopie senden (und mit --mirror löschen) würde, und nichts ändern</translation>
    </message>
    <message>
        <source>carry on from what an interrupted run of the same copy left (the default)</source>
        <translation>dort weitermachen, wo ein unterbrochener Lauf derselben Kopie aufgehört hat (Standard)</translation>
    </message>
    <message>
        <source>start over: throw away what an interrupted run of the same copy left</source>
        <translation>neu beginnen: verwerfen, was ein unterbrochener Lauf derselben Kopie hinterlassen hat</translation>
    </message>
    <message>
        <source>rsync-daemon: use this module of the rsync daemon the host already runs (password from $RSYNC_PASSWORD) instead of starting a private one</source>
        <translation>rsync-daemon: dieses Modul des rsync-Daemons verwenden, der auf dem Host bereits läuft (Passwort aus $RSYNC_PASSWORD), statt einen eigenen zu starten</translation>
    </message>
    <message>
        <source>port of that daemon (default: from its config, or 873)</source>
        <translation>Port dieses Daemons (Standard: aus seiner Konfiguration, sonst 873)</translation>
    </message>
    <message>
        <source>where that daemon&apos;s config is on the host, to find the module&apos;s folder</source>
        <translation>wo die Konfiguration dieses Daemons auf dem Host liegt, um den Ordner des Moduls zu finden</translation>
    </message>
    <message>
        <source>measure, predict and race the methods; recommend the fastest secure one and the fastest overall</source>
        <translation>die Methoden messen, vorhersagen und im Wettlauf vergleichen; die schnellste sichere und die schnellste überhaupt empfehlen</translation>
    </message>
    <message>
        <source>consider unencrypted methods (trusted LAN only)</source>
        <translation>unverschlüsselte Methoden berücksichtigen (nur in vertrauenswürdigem LAN)</translation>
    </message>
    <message>
        <source>measure the link to a host: RTT, raw TCP, ssh per cipher, CPU, destination disk</source>
        <translation>die Verbindung zu einem Host messen: RTT, reines TCP, ssh je Verschlüsselungsverfahren, CPU, Zielfestplatte</translation>
    </message>
    <message>
        <source>remote destination folder (its disk is measured there)</source>
        <translation>Zielordner auf dem Host (dort wird seine Festplatte gemessen)</translation>
    </message>
    <message>
        <source>measure again even if a recent profile is kept</source>
        <translation>neu messen, auch wenn ein aktuelles Profil gespeichert ist</translation>
    </message>
    <message>
        <source>seconds per throughput probe, at most {most} (default 1)</source>
        <translation>Sekunden je Durchsatzmessung, höchstens {most} (Standard: 1)</translation>
    </message>
    <message>
        <source>show a host&apos;s key fingerprint and add it to known_hosts</source>
        <translation>den Schlüssel-Fingerabdruck eines Hosts anzeigen und ihn in known_hosts aufnehmen</translation>
    </message>
    <message>
        <source>trust without asking (only after checking the fingerprint)</source>
        <translation>ohne Nachfrage vertrauen (nur nach Prüfung des Fingerabdrucks)</translation>
    </message>
    <message>
        <source>log in with the password once, make a key for the host and add it to the host&apos;s ~/.ssh/authorized_keys, so later logins need no password</source>
        <translation>sich einmal mit dem Passwort anmelden, einen Schlüssel für den Host erzeugen und ihn in ~/.ssh/authorized_keys des Hosts eintragen, damit spätere Anmeldungen kein Passwort brauchen</translation>
    </message>
    <message>
        <source>also append a Host block with the key to the ssh config (--ssh-config FILE, else ~/.ssh/config); without it the line to add is printed</source>
        <translation>außerdem einen Host-Block mit dem Schlüssel an die ssh-Konfiguration anhängen (--ssh-config FILE, sonst ~/.ssh/config); ohne diese Option wird die hinzuzufügende Zeile ausgegeben</translation>
    </message>
</context>
<context>
    <name>CliNumbers</name>
    <message>
        <source>{what} must be a whole number from {low} to {high}, not {given}</source>
        <translation>{what} muss eine ganze Zahl von {low} bis {high} sein, nicht {given}</translation>
    </message>
    <message>
        <source>{what} must be a number of seconds from {low} to {high}, not {given}</source>
        <translation>{what} muss eine Anzahl Sekunden von {low} bis {high} sein, nicht {given}</translation>
    </message>
    <message>
        <source>{what} must be a number of seconds above 0 and at most {high}, not {given}</source>
        <translation>{what} muss eine Anzahl Sekunden über 0 und höchstens {high} sein, nicht {given}</translation>
    </message>
    <message>
        <source>the number of methods that race</source>
        <translation>die Anzahl der Methoden im Wettlauf</translation>
    </message>
    <message>
        <source>each method&apos;s time in the race</source>
        <translation>die Zeit jeder Methode im Wettlauf</translation>
    </message>
    <message>
        <source>each probe&apos;s time</source>
        <translation>die Zeit jeder Messung</translation>
    </message>
    <message>
        <source>the time without data before the link counts as lost</source>
        <translation>die Zeit ohne Daten bis zum Verlust der Verbindung</translation>
    </message>
    <message>
        <source>a port</source>
        <translation>ein Port</translation>
    </message>
    <message>
        <source>the number of parallel streams</source>
        <translation>die Anzahl paralleler Datenströme</translation>
    </message>
</context>
<context>
    <name>CliOutput</name>
    <message>
        <source>ETA {time}</source>
        <translation>noch {time}</translation>
    </message>
    <message>
        <source>failed: {error}</source>
        <translation>fehlgeschlagen: {error}</translation>
    </message>
    <message>
        <source>all of it in {time} (too little to time a rate)</source>
        <translation>alles in {time} (zu wenig, um eine Rate zu messen)</translation>
    </message>
    <message>
        <source>Methods for {host}:</source>
        <translation>Methoden für {host}:</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>[insecure]</source>
        <translation>[unsicher]</translation>
    </message>
    <message>
        <source>Ciphers both sides offer: {ciphers}</source>
        <translation>Von beiden Seiten angebotene Verschlüsselungsverfahren: {ciphers}</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>What each keeps (asked: with --owners or --xattrs):</source>
        <translation>Was jede Methode erhält (angefragt: mit --owners oder --xattrs):</translation>
    </message>
    <message>
        <source>Copied {what}.</source>
        <translation>Kopiert: {what}.</translation>
    </message>
    <message>
        <source>Note: {note}</source>
        <translation>Hinweis: {note}</translation>
    </message>
    <message>
        <source>Command: {command}</source>
        <translation>Befehl: {command}</translation>
    </message>
    <message>
        <source>send</source>
        <translation>senden</translation>
    </message>
    <message>
        <source>delete</source>
        <translation>löschen</translation>
    </message>
    <message>
        <source>takes {time}</source>
        <translation>dauert {time}</translation>
    </message>
    <message>
        <source>measured {rate}</source>
        <translation>gemessen {rate}</translation>
    </message>
    <message>
        <source>predicted {rate}</source>
        <translation>vorhergesagt {rate}</translation>
    </message>
    <message>
        <source>limit: {limit}</source>
        <translation>Grenze: {limit}</translation>
    </message>
    <message>
        <source>Bottleneck: {sentence}</source>
        <translation>Engpass: {sentence}</translation>
    </message>
    <message>
        <source>Ranking:</source>
        <translation>Rangfolge:</translation>
    </message>
    <message numerus="yes">
        <source>%n stream(s)</source>
        <translation>
            <numerusform>%n Datenstrom</numerusform>
            <numerusform>%n Datenströme</numerusform>
        </translation>
    </message>
    <message>
        <source>Recommended (secure)</source>
        <translation>Empfohlen (sicher)</translation>
    </message>
    <message>
        <source>Fastest overall</source>
        <translation>Am schnellsten insgesamt</translation>
    </message>
    <message>
        <source>Left out: {method} — {why}.</source>
        <translation>Ausgelassen: {method} — {why}.</translation>
    </message>
    <message>
        <source>Advice took {time}.</source>
        <translation>Die Beratung dauerte {time}.</translation>
    </message>
    <message>
        <source>Measured in {time}.</source>
        <translation>Gemessen in {time}.</translation>
    </message>
    <message>
        <source>Trusted {host} ({fingerprint}).</source>
        <translation>{host} ist jetzt vertrauenswürdig ({fingerprint}).</translation>
    </message>
    <message>
        <source>Added the key {key} to {host}&apos;s ~/.ssh/authorized_keys.</source>
        <translation>Der Schlüssel {key} wurde in ~/.ssh/authorized_keys auf {host} eingetragen.</translation>
    </message>
    <message>
        <source>The key {key} was already in {host}&apos;s ~/.ssh/authorized_keys; nothing was added.</source>
        <translation>Der Schlüssel {key} stand bereits in ~/.ssh/authorized_keys auf {host}; nichts wurde hinzugefügt.</translation>
    </message>
    <message>
        <source>Added a Host {alias} block with the key to {file}; logins need no password now.</source>
        <translation>Ein Block „Host {alias}“ mit dem Schlüssel wurde an {file} angehängt; Anmeldungen brauchen jetzt kein Passwort mehr.</translation>
    </message>
    <message>
        <source>Key login works. Add this line to the Host {alias} entry of your ssh config (or run again with --write-ssh-config):</source>
        <translation>Die Anmeldung mit Schlüssel funktioniert. Fügen Sie diese Zeile dem Eintrag Host {alias} Ihrer ssh-Konfiguration hinzu (oder rufen Sie den Befehl erneut mit --write-ssh-config auf):</translation>
    </message>
</context>
<context>
    <name>CliUsage</name>
    <message>
        <source>{message}; see `{command} --help`.</source>
        <translation>{message}; siehe `{command} --help`.</translation>
    </message>
    <message>
        <source>--demo takes the place of HOST; drop &apos;{host}&apos; or --demo</source>
        <translation>--demo ersetzt HOST; lassen Sie „{host}“ oder --demo weg</translation>
    </message>
    <message>
        <source>--demo brings its own ssh config; drop --ssh-config or --demo</source>
        <translation>--demo bringt eine eigene ssh-Konfiguration mit; lassen Sie --ssh-config oder --demo weg</translation>
    </message>
    <message>
        <source>the following arguments are required: host (or --demo)</source>
        <translation>folgende Argumente sind erforderlich: host (oder --demo)</translation>
    </message>
    <message>
        <source>the following arguments are required: --dest</source>
        <translation>folgende Argumente sind erforderlich: --dest</translation>
    </message>
    <message>
        <source>--yes-delete goes with --mirror (it allows the mirror&apos;s deletions); add --mirror or drop it</source>
        <translation>--yes-delete gehört zu --mirror (es erlaubt die Löschungen beim Angleichen); fügen Sie --mirror hinzu oder lassen Sie es weg</translation>
    </message>
    <message>
        <source>--best chooses the number of parallel streams itself; drop --streams, or name the method with --method tar-ssh or rsync-ssh</source>
        <translation>--best wählt die Anzahl paralleler Datenströme selbst; lassen Sie --streams weg oder nennen Sie die Methode mit --method tar-ssh oder rsync-ssh</translation>
    </message>
    <message>
        <source>{option} goes with --best (it tunes the advice); add --best or drop it</source>
        <translation>{option} gehört zu --best (es stimmt die Beratung ab); fügen Sie --best hinzu oder lassen Sie es weg</translation>
    </message>
</context>
<context>
    <name>CommonErrors</name>
    <message>
        <source>The copy was cancelled while the far side was being checked; the files are in place but were not verified.</source>
        <translation>Die Kopie wurde abgebrochen, während die Gegenseite geprüft wurde; die Dateien sind an ihrem Platz, wurden aber nicht überprüft.</translation>
    </message>
    <message>
        <source>The copy was cancelled; nothing was left half-written at the destination.</source>
        <translation>Die Kopie wurde abgebrochen; am Ziel blieb nichts halb geschrieben zurück.</translation>
    </message>
    <message>
        <source>Another computer connected to the data port on {host} before this app did, so the copy was stopped and nothing was sent to it; use a secure method on this network.</source>
        <translation>Ein anderer Computer hat sich vor dieser App mit dem Datenport auf {host} verbunden, daher wurde die Kopie angehalten und nichts an ihn gesendet; verwenden Sie in diesem Netzwerk eine sichere Methode.</translation>
    </message>
    <message>
        <source>The host key of {host} has changed, so the copy was refused because someone may be intercepting it; if the server was reinstalled, confirm its new fingerprint with its owner, remove the old key with `ssh-keygen -R` and run `transfer-advisor trust {host}`.</source>
        <translation>Der Host-Schlüssel von {host} hat sich geändert, daher wurde die Kopie verweigert, denn jemand könnte sie abfangen; wurde der Server neu installiert, bestätigen Sie seinen neuen Fingerabdruck mit seinem Besitzer, entfernen Sie den alten Schlüssel mit `ssh-keygen -R` und führen Sie `transfer-advisor trust {host}` aus.</translation>
    </message>
    <message>
        <source>The host key of {host} is not trusted yet; run `transfer-advisor trust {host}` and check the fingerprint.</source>
        <translation>Dem Host-Schlüssel von {host} wird noch nicht vertraut; führen Sie `transfer-advisor trust {host}` aus und prüfen Sie den Fingerabdruck.</translation>
    </message>
    <message>
        <source>The name {host} could not be resolved; check the spelling or the ssh config.</source>
        <translation>Der Name {host} konnte nicht aufgelöst werden; prüfen Sie die Schreibweise oder die ssh-Konfiguration.</translation>
    </message>
    <message>
        <source>{host} refused the connection; check that its SSH server is running and the port is right.</source>
        <translation>{host} hat die Verbindung abgelehnt; prüfen Sie, ob sein SSH-Server läuft und der Port stimmt.</translation>
    </message>
    <message>
        <source>{host} could not be reached; check that it is on and on the network.</source>
        <translation>{host} ist nicht erreichbar; prüfen Sie, ob er eingeschaltet und im Netzwerk ist.</translation>
    </message>
    <message>
        <source>{host} did not accept the login; check the user name and the key or password (or add the key with ssh-copy-id).</source>
        <translation>{host} hat die Anmeldung nicht angenommen; prüfen Sie den Benutzernamen und den Schlüssel oder das Passwort (oder fügen Sie den Schlüssel mit ssh-copy-id hinzu).</translation>
    </message>
    <message>
        <source>The destination ran out of space during the copy; free some space there or choose another folder.</source>
        <translation>Am Ziel ist während der Kopie der Speicherplatz ausgegangen; geben Sie dort Platz frei oder wählen Sie einen anderen Ordner.</translation>
    </message>
    <message>
        <source>The destination is on a read-only filesystem; choose a folder you can write to.</source>
        <translation>Das Ziel liegt auf einem schreibgeschützten Dateisystem; wählen Sie einen Ordner, in den Sie schreiben können.</translation>
    </message>
    <message>
        <source>Permission was denied at the destination; choose a folder you can write to.</source>
        <translation>Am Ziel wurde der Zugriff verweigert; wählen Sie einen Ordner, in den Sie schreiben können.</translation>
    </message>
    <message>
        <source>`{tool}` is missing on one side of the copy; install it there or choose another method.</source>
        <translation>`{tool}` fehlt auf einer Seite der Kopie; installieren Sie es dort oder wählen Sie eine andere Methode.</translation>
    </message>
    <message>
        <source>A file to copy was not found; check the source paths.</source>
        <translation>Eine zu kopierende Datei wurde nicht gefunden; prüfen Sie die Quellpfade.</translation>
    </message>
    <message>
        <source>Writing the copy at the destination failed (rsync: error in file IO); see the details, then run the same copy again.</source>
        <translation>Das Schreiben der Kopie am Ziel ist fehlgeschlagen (rsync: error in file IO); sehen Sie sich die Details an und starten Sie dann dieselbe Kopie erneut.</translation>
    </message>
    <message>
        <source>The connection to {host} was lost during the copy; check the network (Wi-Fi, the NAS) and start the same copy again.</source>
        <translation>Die Verbindung zu {host} ist während der Kopie abgebrochen; prüfen Sie das Netzwerk (WLAN, das NAS) und starten Sie dieselbe Kopie erneut.</translation>
    </message>
    <message>
        <source>The connection to {host} was lost during the copy; check the network and try again.</source>
        <translation>Die Verbindung zu {host} ist während der Kopie abgebrochen; prüfen Sie das Netzwerk und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The connection to {host} was lost</source>
        <translation>Die Verbindung zu {host} ist abgebrochen</translation>
    </message>
    <message>
        <source>No data reached {host} for {time}</source>
        <translation>{time} lang sind keine Daten bei {host} angekommen</translation>
    </message>
    <message>
        <source>No data came from {host} for {time}</source>
        <translation>{time} lang kamen keine Daten von {host}</translation>
    </message>
    <message>
        <source>{cause}, so the copy was stopped; check the network (Wi-Fi, the NAS) and start the same copy again: nothing half-written was put in place.</source>
        <translation>{cause}, daher wurde die Kopie angehalten; prüfen Sie das Netzwerk (WLAN, das NAS) und starten Sie dieselbe Kopie erneut: Es wurde nichts halb Geschriebenes abgelegt.</translation>
    </message>
    <message>
        <source>{cause}, so the race was stopped; check the network (Wi-Fi, the NAS) and try again.</source>
        <translation>{cause}, daher wurde der Vergleich angehalten; prüfen Sie das Netzwerk (WLAN, das NAS) und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>{cause}, so the measurement was stopped; check the network (Wi-Fi, the NAS) and try again.</source>
        <translation>{cause}, daher wurde die Messung angehalten; prüfen Sie das Netzwerk (WLAN, das NAS) und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>it stopped answering</source>
        <translation>sie antwortete nicht mehr</translation>
    </message>
    <message>
        <source>The connection to the host was lost ({reason}); check the network (Wi-Fi, the NAS) and try again.</source>
        <translation>Die Verbindung zum Host ist abgebrochen ({reason}); prüfen Sie das Netzwerk (WLAN, das NAS) und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Copy cancelled.</source>
        <translation>Kopie abgebrochen.</translation>
    </message>
    <message>
        <source>The link was lost; the copy stopped.</source>
        <translation>Die Verbindung ist abgebrochen; die Kopie wurde angehalten.</translation>
    </message>
    <message>
        <source>The copy failed.</source>
        <translation>Die Kopie ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>The copy could not start: the host cannot be reached</source>
        <translation>Die Kopie konnte nicht starten: Der Host ist nicht erreichbar</translation>
    </message>
    <message>
        <source>The copy stopped: the link was lost</source>
        <translation>Die Kopie wurde angehalten: Die Verbindung ist abgebrochen</translation>
    </message>
    <message>
        <source>The copy failed</source>
        <translation>Die Kopie ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>Transfer Advisor hit an unexpected error ({error}); please report it with the log {log}.</source>
        <translation>In Transfer Advisor ist ein unerwarteter Fehler aufgetreten ({error}); bitte melden Sie ihn mit dem Protokoll {log}.</translation>
    </message>
    <message>
        <source>The details were written to {log}.</source>
        <translation>Die Details wurden in {log} gespeichert.</translation>
    </message>
    <message>
        <source>The details could not be written to a log.</source>
        <translation>Die Details konnten nicht in ein Protokoll geschrieben werden.</translation>
    </message>
    <message>
        <source>Something went wrong inside Transfer Advisor. Your files are safe: a copy that was running keeps its partial files out of the destination. {where} Please report it with these details.</source>
        <translation>In Transfer Advisor ist etwas schiefgegangen. Ihre Dateien sind sicher: Eine laufende Kopie hält ihre unvollständigen Dateien vom Ziel fern. {where} Bitte melden Sie den Fehler mit diesen Details.</translation>
    </message>
    <message>
        <source>{job} stopped on an unexpected error; the details are in the crash log.</source>
        <translation>„{job}“ wurde durch einen unerwarteten Fehler abgebrochen; die Details stehen im Absturzprotokoll.</translation>
    </message>
    <message>
        <source>The settings could not be written to {path}; check that the state folder can be written.</source>
        <translation>Die Einstellungen konnten nicht in {path} gespeichert werden; prüfen Sie, ob in den Datenordner geschrieben werden kann.</translation>
    </message>
    <message>
        <source>a tool</source>
        <translation>ein Werkzeug</translation>
    </message>
    <message>
        <source>{tool} was stopped by signal {signal}; try the copy again.</source>
        <translation>{tool} wurde durch das Signal {signal} beendet; versuchen Sie die Kopie erneut.</translation>
    </message>
    <message>
        <source>`{tool}` is not installed; install it or choose another method.</source>
        <translation>`{tool}` ist nicht installiert; installieren Sie es oder wählen Sie eine andere Methode.</translation>
    </message>
    <message>
        <source>{tool} failed (exit {code}); see the details, fix the cause and try again.</source>
        <translation>{tool} ist fehlgeschlagen (Exit-Code {code}); sehen Sie sich die Details an, beheben Sie die Ursache und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>`{tool}` on this computer did not finish within {seconds} s, so it was stopped; check that `{tool}` works when you run it in a terminal, then try again.</source>
        <translation>`{tool}` auf diesem Computer ist nicht innerhalb von {seconds} s fertig geworden und wurde daher beendet; prüfen Sie, ob `{tool}` in einem Terminal funktioniert, und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>{host} did not accept the password for {user}; check it (and the user name) and try again.</source>
        <translation>{host} hat das Passwort für {user} nicht angenommen; prüfen Sie es (und den Benutzernamen) und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>{host} did not accept the password; check it (and the user name) and try again.</source>
        <translation>{host} hat das Passwort nicht angenommen; prüfen Sie es (und den Benutzernamen) und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source> as {user}</source>
        <translation> als {user}</translation>
    </message>
    <message>
        <source> with the key {key}</source>
        <translation> mit dem Schlüssel {key}</translation>
    </message>
    <message>
        <source> with the keys {keys}</source>
        <translation> mit den Schlüsseln {keys}</translation>
    </message>
    <message>
        <source>{host} did not accept the login{as_user}{with_keys}; check the user name and the key, or add your public key to the server with `ssh-copy-id`.</source>
        <translation>{host} hat die Anmeldung{as_user}{with_keys} nicht angenommen; prüfen Sie den Benutzernamen und den Schlüssel, oder fügen Sie Ihren öffentlichen Schlüssel mit `ssh-copy-id` zum Server hinzu.</translation>
    </message>
    <message>
        <source>The host key of {host} could not be verified; run `transfer-advisor trust {host}` and check the fingerprint.</source>
        <translation>Der Host-Schlüssel von {host} konnte nicht überprüft werden; führen Sie `transfer-advisor trust {host}` aus und prüfen Sie den Fingerabdruck.</translation>
    </message>
    <message>
        <source>{where} closed the connection during login ({reason}); check its SSH server logs.</source>
        <translation>{where} hat die Verbindung während der Anmeldung geschlossen ({reason}); prüfen Sie die Protokolle seines SSH-Servers.</translation>
    </message>
    <message>
        <source>{where} refused the connection; check that its SSH server is running and that the port is right.</source>
        <translation>{where} hat die Verbindung abgelehnt; prüfen Sie, ob sein SSH-Server läuft und ob der Port stimmt.</translation>
    </message>
    <message>
        <source>{where} did not answer within {time}; check that it is switched on and on the network, and that the address and port are right.</source>
        <translation>{where} hat nicht innerhalb von {time} geantwortet; prüfen Sie, ob er eingeschaltet und im Netzwerk ist und ob Adresse und Port stimmen.</translation>
    </message>
    <message>
        <source>{where} did not answer in time; check that it is switched on and on the network, and that the address and port are right.</source>
        <translation>{where} hat nicht rechtzeitig geantwortet; prüfen Sie, ob er eingeschaltet und im Netzwerk ist und ob Adresse und Port stimmen.</translation>
    </message>
    <message>
        <source>{where} could not be reached ({reason}); check that it is switched on and on the network.</source>
        <translation>{where} ist nicht erreichbar ({reason}); prüfen Sie, ob er eingeschaltet und im Netzwerk ist.</translation>
    </message>
    <message>
        <source>Could not connect to {where} ({reason}); check the address and the network.</source>
        <translation>Keine Verbindung zu {where} möglich ({reason}); prüfen Sie die Adresse und das Netzwerk.</translation>
    </message>
    <message>
        <source>The key for {host} could not be read ({reason}); check the IdentityFile.</source>
        <translation>Der Schlüssel für {host} konnte nicht gelesen werden ({reason}); prüfen Sie die IdentityFile.</translation>
    </message>
    <message>
        <source>Connecting to {where} failed ({error}: {reason}); check the address and the ssh config.</source>
        <translation>Die Verbindung zu {where} ist fehlgeschlagen ({error}: {reason}); prüfen Sie die Adresse und die ssh-Konfiguration.</translation>
    </message>
</context>
<context>
    <name>CopyEngineWords</name>
    <message>
        <source>{sentence}, and running the same copy again carries on where it stopped.</source>
        <translation>{sentence}, und wenn Sie dieselbe Kopie erneut starten, macht sie dort weiter, wo sie aufgehört hat.</translation>
    </message>
</context>
<context>
    <name>CopyStepWords</name>
    <message>
        <source>The copy</source>
        <translation>Der Kopiervorgang</translation>
    </message>
    <message>
        <source>Copy finished</source>
        <translation>Kopieren abgeschlossen</translation>
    </message>
    <message>
        <source>The copy is not in the history</source>
        <translation>Die Kopie fehlt im Verlauf</translation>
    </message>
    <message>
        <source>The copy could not be added to the history ({reason}); check that the state folder can be written.</source>
        <translation>Die Kopie konnte nicht in den Verlauf aufgenommen werden ({reason}); prüfen Sie, ob der Datenordner beschreibbar ist.</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>Start the same copy again: the same files, destination, method and options.</source>
        <translation>Dieselbe Kopie erneut starten: dieselben Dateien, dasselbe Ziel, dieselbe Methode und dieselben Optionen.</translation>
    </message>
    <message>
        <source>Copy failed</source>
        <translation>Kopieren fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>CpuShareWords</name>
    <message>
        <source>the CPU test failed (exit {status})</source>
        <translation>der CPU-Test schlug fehl (Exit-Status {status})</translation>
    </message>
</context>
<context>
    <name>CrashWords</name>
    <message>
        <source>Transfer Advisor hit an unexpected error</source>
        <translation>Unerwarteter Fehler in Transfer Advisor</translation>
    </message>
    <message>
        <source>&amp;Copy details</source>
        <translation>Details &amp;kopieren</translation>
    </message>
</context>
<context>
    <name>DeleteWords</name>
    <message>
        <source>Delete files at the destination?</source>
        <translation>Dateien am Ziel löschen?</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Delete %Ln item(s)</source>
        <translation>
            <numerusform>%Ln Element &amp;löschen</numerusform>
            <numerusform>%Ln Elemente &amp;löschen</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>DemoHostWords</name>
    <message>
        <source>Try with a local demo host</source>
        <translation>Mit einem lokalen Demo-Host ausprobieren</translation>
    </message>
    <message>
        <source>No NAS at hand? Transfer Advisor starts an SSH host on this computer (127.0.0.1) and copies into a private folder of it, so you can try every step. The folder is removed when you close the window.</source>
        <translation>Kein NAS zur Hand? Transfer Advisor startet einen SSH-Host auf diesem Computer (127.0.0.1) und kopiert in einen eigenen Ordner darauf, damit Sie jeden Schritt ausprobieren können. Der Ordner wird entfernt, wenn Sie das Fenster schließen.</translation>
    </message>
    <message>
        <source>The window was closed, so the local demo host was stopped.</source>
        <translation>Das Fenster wurde geschlossen, daher wurde der lokale Demo-Host beendet.</translation>
    </message>
</context>
<context>
    <name>DemoServerWords</name>
    <message>
        <source>the local demo host only serves its own folder</source>
        <translation>der lokale Demo-Host stellt nur seinen eigenen Ordner bereit</translation>
    </message>
</context>
<context>
    <name>DemoWords</name>
    <message>
        <source>Local demo host</source>
        <translation>Lokaler Demo-Host</translation>
    </message>
    <message>
        <source>the system&apos;s sshd, logged in as {user}</source>
        <translation>der sshd des Systems, angemeldet als {user}</translation>
    </message>
    <message>
        <source>an SSH server built into Transfer Advisor, logged in as {user}</source>
        <translation>ein in Transfer Advisor eingebauter SSH-Server, angemeldet als {user}</translation>
    </message>
    <message>
        <source>{sshd} did not start ({reason}); using the built-in server instead</source>
        <translation>{sshd} ist nicht gestartet ({reason}); stattdessen wird der eingebaute Server verwendet</translation>
    </message>
</context>
<context>
    <name>DiskProbeWords</name>
    <message>
        <source>the write test failed (exit {status})</source>
        <translation>der Schreibtest ist fehlgeschlagen (Exit-Code {status})</translation>
    </message>
</context>
<context>
    <name>ErrorBannerWords</name>
    <message>
        <source>Show detai&amp;ls</source>
        <translation>Details ein&amp;blenden</translation>
    </message>
    <message>
        <source>Copy te&amp;xt</source>
        <translation>Te&amp;xt kopieren</translation>
    </message>
    <message>
        <source>Copy the message and its details, to paste into a report or a search.</source>
        <translation>Die Meldung mit ihren Details kopieren, um sie in einen Fehlerbericht oder eine Suche einzufügen.</translation>
    </message>
    <message>
        <source>Hide this message</source>
        <translation>Diese Meldung ausblenden</translation>
    </message>
    <message>
        <source>Dismiss error</source>
        <translation>Fehler schließen</translation>
    </message>
    <message>
        <source>Error details</source>
        <translation>Fehlerdetails</translation>
    </message>
    <message>
        <source>Hide detai&amp;ls</source>
        <translation>Details aus&amp;blenden</translation>
    </message>
</context>
<context>
    <name>ExistingWords</name>
    <message>
        <source>Files already there</source>
        <translation>Dateien schon vorhanden</translation>
    </message>
    <message>
        <source>&amp;Replace</source>
        <translation>&amp;Ersetzen</translation>
    </message>
    <message>
        <source>&amp;Update (keep newer ones)</source>
        <translation>&amp;Aktualisieren (neuere behalten)</translation>
    </message>
    <message>
        <source>Replace what is older there, or differs from the same time; a file newer there is left as it is.</source>
        <translation>Ersetzt, was dort älter ist oder bei gleicher Zeit abweicht; eine dort neuere Datei bleibt, wie sie ist.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>&amp;Skip them</source>
        <translation>&amp;Überspringen</translation>
    </message>
    <message>
        <source>&amp;Keep both</source>
        <translation>&amp;Beide behalten</translation>
    </message>
    <message>
        <source>The copy&apos;s files get a name like “photo (2).jpg”; nothing there is changed.</source>
        <translation>Die Dateien der Kopie erhalten einen Namen wie „photo (2).jpg“; am Ziel wird nichts geändert.</translation>
    </message>
</context>
<context>
    <name>FigureWords</name>
    <message>
        <source>{rate} (CPU here {here}, there {there})</source>
        <translation>{rate} (CPU hier {here}, dort {there})</translation>
    </message>
</context>
<context>
    <name>FindBarWords</name>
    <message>
        <source>Find the fa&amp;stest way</source>
        <translation>&amp;Schnellsten Weg finden</translation>
    </message>
    <message>
        <source>Measure the network, the encryption, both disks and your files, race the best methods on a sample for a few seconds each, and recommend one.</source>
        <translation>Misst das Netzwerk, die Verschlüsselung, beide Festplatten und Ihre Dateien, lässt die besten Methoden je einige Sekunden lang an einer Stichprobe gegeneinander antreten und empfiehlt eine davon.</translation>
    </message>
    <message>
        <source>Also try unencr&amp;ypted methods</source>
        <translation>Auch unverschlüsselte &amp;Methoden testen</translation>
    </message>
    <message>
        <source>Offered because this host is on your local network. tar over netcat and the rsync daemon skip encryption, which helps when the host&apos;s processor is slow; anyone on the network could read or change the files in transit.</source>
        <translation>Angeboten, weil sich dieser Host in Ihrem lokalen Netzwerk befindet. tar über netcat und der rsync-Daemon verzichten auf Verschlüsselung, was hilft, wenn der Prozessor des Hosts langsam ist; jeder im Netzwerk könnte die Dateien unterwegs mitlesen oder verändern.</translation>
    </message>
    <message>
        <source>Ready: measure the link and race the methods on your files.</source>
        <translation>Bereit: Verbindung messen und die Methoden an Ihren Dateien gegeneinander antreten lassen.</translation>
    </message>
    <message>
        <source>&amp;Stop measuring</source>
        <translation>Messung &amp;stoppen</translation>
    </message>
</context>
<context>
    <name>FlowWords</name>
    <message>
        <source>key login can be set up</source>
        <translation>kann die Anmeldung per Schlüssel eingerichtet werden</translation>
    </message>
    <message>
        <source>its folders can be browsed</source>
        <translation>können seine Ordner durchsucht werden</translation>
    </message>
</context>
<context>
    <name>HistoryPanelWords</name>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>network {rate}</source>
        <translation>Netzwerk {rate}</translation>
    </message>
    <message>
        <source>disk {rate}</source>
        <translation>Datenträger {rate}</translation>
    </message>
    <message>
        <source>round trip {time}</source>
        <translation>Umlaufzeit {time}</translation>
    </message>
    <message>
        <source>{when}  measured: {what}</source>
        <translation>{when}  gemessen: {what}</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>History with this host</source>
        <translation>Verlauf mit diesem Host</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Past copies and measurements with this host, newest first; the last row shows older ones when there are more.</source>
        <translation>Frühere Kopien und Messungen mit diesem Host, die neuesten zuerst; gibt es mehr, zeigt die letzte Zeile ältere.</translation>
    </message>
    <message>
        <source>Lists earlier copies and measurements</source>
        <translation>Listet frühere Kopien und Messungen auf</translation>
    </message>
    <message>
        <source>to {destination}</source>
        <translation>nach {destination}</translation>
    </message>
    <message>
        <source>Link measured</source>
        <translation>Verbindung gemessen</translation>
    </message>
    <message>
        <source>Show older…</source>
        <translation>Ältere zeigen…</translation>
    </message>
    <message>
        <source>No copies or measurements yet.</source>
        <translation>Noch keine Kopien oder Messungen.</translation>
    </message>
    <message>
        <source>Pick a host to see its history.</source>
        <translation>Wählen Sie einen Host, um seinen Verlauf zu sehen.</translation>
    </message>
</context>
<context>
    <name>HostErrors</name>
    <message>
        <source>&apos;{text}&apos; is not a host; write an alias from your ssh config or [user@]host[:port].</source>
        <translation>„{text}“ ist kein Host; geben Sie einen Alias aus Ihrer ssh-Konfiguration oder [Benutzer@]Host[:Port] ein.</translation>
    </message>
    <message>
        <source>Port {port} is out of range; use 1-65535.</source>
        <translation>Port {port} liegt außerhalb des gültigen Bereichs; verwenden Sie 1–65535.</translation>
    </message>
    <message>
        <source>{variable} is &apos;{value}&apos;, which is not a number of seconds; set it to a positive number such as 15, or unset it.</source>
        <translation>{variable} ist „{value}“, das ist keine Anzahl Sekunden; setzen Sie eine positive Zahl wie 15 oder entfernen Sie die Variable.</translation>
    </message>
    <message>
        <source>The ssh config file {path} does not exist; check the path.</source>
        <translation>Die ssh-Konfigurationsdatei {path} existiert nicht; prüfen Sie den Pfad.</translation>
    </message>
    <message>
        <source>The OpenSSH client (`ssh`) is not installed; install openssh-client.</source>
        <translation>Der OpenSSH-Client (`ssh`) ist nicht installiert; installieren Sie openssh-client.</translation>
    </message>
    <message>
        <source>OpenSSH could not read the settings for {spec}; check the ssh config.</source>
        <translation>OpenSSH konnte die Einstellungen für {spec} nicht lesen; prüfen Sie die ssh-Konfiguration.</translation>
    </message>
    <message>
        <source>The key file {path} does not exist; choose the private key file.</source>
        <translation>Die Schlüsseldatei {path} existiert nicht; wählen Sie die private Schlüsseldatei.</translation>
    </message>
    <message>
        <source>The key path &apos;{value}&apos; cannot be written to an ssh config; use a path without quotes or backslashes.</source>
        <translation>Der Schlüsselpfad „{value}“ kann nicht in eine ssh-Konfiguration geschrieben werden; verwenden Sie einen Pfad ohne Anführungszeichen und Backslashes.</translation>
    </message>
    <message>
        <source>The name &apos;{value}&apos; cannot be written to an ssh config; use letters, digits, dots and dashes without spaces.</source>
        <translation>Der Name „{value}“ kann nicht in eine ssh-Konfiguration geschrieben werden; verwenden Sie Buchstaben, Ziffern, Punkte und Bindestriche ohne Leerzeichen.</translation>
    </message>
    <message>
        <source>The user name &apos;{value}&apos; cannot be written to an ssh config; use letters, digits, dots and dashes without spaces.</source>
        <translation>Der Benutzername „{value}“ kann nicht in eine ssh-Konfiguration geschrieben werden; verwenden Sie Buchstaben, Ziffern, Punkte und Bindestriche ohne Leerzeichen.</translation>
    </message>
    <message>
        <source>The host &apos;{value}&apos; cannot be written to an ssh config; use letters, digits, dots and dashes without spaces.</source>
        <translation>Der Host „{value}“ kann nicht in eine ssh-Konfiguration geschrieben werden; verwenden Sie Buchstaben, Ziffern, Punkte und Bindestriche ohne Leerzeichen.</translation>
    </message>
    <message>
        <source>The local demo host could not be started ({reason}); try again, or set {variable}=none to use the built-in server.</source>
        <translation>Der lokale Demo-Host konnte nicht gestartet werden ({reason}); versuchen Sie es erneut oder setzen Sie {variable}=none, um den eingebauten Server zu verwenden.</translation>
    </message>
    <message>
        <source>{where} presented no host key, so it cannot be verified; check its SSH server&apos;s HostKey settings.</source>
        <translation>{where} hat keinen Host-Schlüssel vorgelegt und kann daher nicht überprüft werden; prüfen Sie die HostKey-Einstellungen seines SSH-Servers.</translation>
    </message>
    <message>
        <source>The host key of {host} has changed (it now has fingerprint {fingerprint}), which can mean someone is intercepting the connection, so {refused}; if the server was reinstalled, confirm the new fingerprint with its owner, remove the old key with `{forget}` and run `{trust}`.</source>
        <translation>Der Host-Schlüssel von {host} hat sich geändert (sein Fingerabdruck ist jetzt {fingerprint}), was bedeuten kann, dass jemand die Verbindung abfängt – {refused}. Wurde der Server neu installiert, bestätigen Sie den neuen Fingerabdruck mit seinem Besitzer, entfernen Sie den alten Schlüssel mit `{forget}` und führen Sie `{trust}` aus.</translation>
    </message>
    <message>
        <source>{host} is not a known host yet (its key fingerprint is {fingerprint}); if the host&apos;s owner confirms that fingerprint, run `{trust}` and try again.</source>
        <translation>{host} ist noch kein bekannter Host (sein Schlüssel-Fingerabdruck ist {fingerprint}); wenn der Besitzer des Hosts diesen Fingerabdruck bestätigt, führen Sie `{trust}` aus und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The key of {host} was not trusted, so nothing was changed; copies to it stay refused until its key is trusted.</source>
        <translation>Dem Schlüssel von {host} wurde nicht vertraut, daher wurde nichts geändert; Kopien dorthin bleiben verweigert, bis seinem Schlüssel vertraut wird.</translation>
    </message>
    <message>
        <source>No user known_hosts file is configured; set UserKnownHostsFile.</source>
        <translation>Es ist keine known_hosts-Datei des Benutzers eingerichtet; setzen Sie UserKnownHostsFile.</translation>
    </message>
    <message>
        <source>{host} has key fingerprint {fingerprint}; check it with the host&apos;s owner, then run again with --yes to trust it.</source>
        <translation>{host} hat den Schlüssel-Fingerabdruck {fingerprint}; prüfen Sie ihn mit dem Besitzer des Hosts und führen Sie den Befehl dann mit --yes erneut aus, um ihm zu vertrauen.</translation>
    </message>
    <message>
        <source>{host} closed the connection right after login; check its SSH server.</source>
        <translation>{host} hat die Verbindung direkt nach der Anmeldung geschlossen; prüfen Sie seinen SSH-Server.</translation>
    </message>
    <message>
        <source>Test the connection to a host first; then {then}.</source>
        <translation>Testen Sie zuerst die Verbindung zu einem Host; danach {then}.</translation>
    </message>
    <message>
        <source>The shared ssh connection did not come up; try without multiplexing.</source>
        <translation>Die gemeinsame ssh-Verbindung kam nicht zustande; versuchen Sie es ohne Multiplexing.</translation>
    </message>
    <message>
        <source>during the copy</source>
        <translation>während der Kopie</translation>
    </message>
    <message>
        <source>during the race</source>
        <translation>während des Vergleichs</translation>
    </message>
    <message>
        <source>while connecting</source>
        <translation>beim Verbinden</translation>
    </message>
    <message>
        <source>during the measurement</source>
        <translation>während der Messung</translation>
    </message>
    <message>
        <source>{host} did not answer a command in time {during} (it may be very busy); try again.</source>
        <translation>{host} hat {during} nicht rechtzeitig auf einen Befehl geantwortet (er ist vielleicht sehr ausgelastet); versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>{host} refused a request {during} ({reason}); try again.</source>
        <translation>{host} hat {during} eine Anfrage abgelehnt ({reason}); versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>No system keyring is available here, so the password is kept in memory only until Transfer Advisor closes.</source>
        <translation>Hier ist kein Schlüsselbund des Systems verfügbar, daher wird das Passwort nur im Arbeitsspeicher gehalten, bis Transfer Advisor beendet wird.</translation>
    </message>
    <message>
        <source>--password-stdin read no password; pipe it in as the first line of standard input, e.g. from a password manager.</source>
        <translation>--password-stdin hat kein Passwort gelesen; übergeben Sie es als erste Zeile der Standardeingabe, z. B. aus einem Passwortmanager.</translation>
    </message>
    <message>
        <source>{host} did not accept the remembered password, so it was forgotten; run again and type the current password.</source>
        <translation>{host} hat das gemerkte Passwort nicht angenommen, daher wurde es vergessen; führen Sie den Befehl erneut aus und geben Sie das aktuelle Passwort ein.</translation>
    </message>
    <message>
        <source>an ssh client that is not OpenSSH</source>
        <translation>einen ssh-Client, der nicht OpenSSH ist</translation>
    </message>
    <message>
        <source>Copying to a host that takes only a password needs OpenSSH 8.4 or newer on this computer, which has {version}; update openssh-client, or set up key login with `transfer-advisor setup-key HOST`.</source>
        <translation>Kopieren zu einem Host, der nur ein Passwort annimmt, braucht OpenSSH 8.4 oder neuer auf diesem Computer, der {version} hat; aktualisieren Sie openssh-client oder richten Sie die Schlüsselanmeldung mit `transfer-advisor setup-key HOST` ein.</translation>
    </message>
    <message>
        <source>The key could not be added to ~/.ssh/authorized_keys on {host}; check that the account may write its home folder, then try again.</source>
        <translation>Der Schlüssel konnte auf {host} nicht zu ~/.ssh/authorized_keys hinzugefügt werden; prüfen Sie, ob das Konto in seinen persönlichen Ordner schreiben darf, und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>This account on {host} may only use SFTP, so the app cannot add a key to it; add the key in the NAS&apos;s own settings (its users or SSH page), or keep using the password.</source>
        <translation>Dieses Konto auf {host} darf nur SFTP verwenden, daher kann die App ihm keinen Schlüssel hinzufügen; fügen Sie den Schlüssel in den Einstellungen des NAS hinzu (bei den Benutzern oder unter SSH) oder verwenden Sie weiter das Passwort.</translation>
    </message>
    <message>
        <source>The key is in ~/.ssh/authorized_keys on {host}, but {host} still does not accept it; its SSH server may not allow key logins (PubkeyAuthentication), so keep using the password.</source>
        <translation>Der Schlüssel steht auf {host} in ~/.ssh/authorized_keys, aber {host} nimmt ihn trotzdem nicht an; sein SSH-Server erlaubt vielleicht keine Schlüsselanmeldung (PubkeyAuthentication), verwenden Sie also weiter das Passwort.</translation>
    </message>
    <message>
        <source>{host} has no SFTP server; on an embedded box, install its sftp-server package.</source>
        <translation>{host} hat keinen SFTP-Server; installieren Sie auf einem eingebetteten Gerät dessen sftp-server-Paket.</translation>
    </message>
    <message>
        <source>{host} did not allow writing there ({reason}); choose a folder this account may write to.</source>
        <translation>{host} hat das Schreiben dort nicht erlaubt ({reason}); wählen Sie einen Ordner, in den dieses Konto schreiben darf.</translation>
    </message>
    <message>
        <source>The destination ran out of space during the copy; free some space there or choose another folder.</source>
        <translation>Am Ziel ist während der Kopie der Speicherplatz ausgegangen; geben Sie dort Platz frei oder wählen Sie einen anderen Ordner.</translation>
    </message>
    <message>
        <source>The folder {path} cannot be read on the host; choose another one.</source>
        <translation>Der Ordner {path} kann auf dem Host nicht gelesen werden; wählen Sie einen anderen.</translation>
    </message>
    <message>
        <source>No folder on the way to {path} could be found on {host}.</source>
        <translation>Auf {host} wurde kein Ordner auf dem Weg zu {path} gefunden.</translation>
    </message>
    <message>
        <source>Could not create {dest} on {host} ({reason}); choose a folder this account may write to (an SFTP-only account often may write only in one).</source>
        <translation>{dest} konnte auf {host} nicht angelegt werden ({reason}); wählen Sie einen Ordner, in den dieses Konto schreiben darf (ein reines SFTP-Konto darf oft nur in einen schreiben).</translation>
    </message>
    <message>
        <source>Could not create {dest} on {host}; choose a folder you can write to.</source>
        <translation>{dest} konnte auf {host} nicht angelegt werden; wählen Sie einen Ordner, in den Sie schreiben können.</translation>
    </message>
    <message>
        <source>Could not write {path} ({reason}).</source>
        <translation>{path} konnte nicht geschrieben werden ({reason}).</translation>
    </message>
    <message>
        <source>Could not write {path} on {host}.</source>
        <translation>{path} konnte auf {host} nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Folders could not be made on {host} ({reason}).</source>
        <translation>Auf {host} konnten keine Ordner angelegt werden ({reason}).</translation>
    </message>
    <message>
        <source>Folders could not be made on {host}; choose a folder you can write to.</source>
        <translation>Auf {host} konnten keine Ordner angelegt werden; wählen Sie einen Ordner, in den Sie schreiben können.</translation>
    </message>
    <message>
        <source>The symbolic links could not all be made on {host} ({reason}).</source>
        <translation>Die symbolischen Links konnten auf {host} nicht alle angelegt werden ({reason}).</translation>
    </message>
    <message>
        <source>The symbolic links could not all be made on {host}.</source>
        <translation>Die symbolischen Links konnten auf {host} nicht alle angelegt werden.</translation>
    </message>
    <message>
        <source>The remote helper did not start in time; try again or use a secure method.</source>
        <translation>Das Hilfsprogramm auf dem Host ist nicht rechtzeitig gestartet; versuchen Sie es erneut oder verwenden Sie eine sichere Methode.</translation>
    </message>
    <message>
        <source>The remote helper stopped before it was ready; see the details.</source>
        <translation>Das Hilfsprogramm auf dem Host wurde beendet, bevor es bereit war; sehen Sie sich die Details an.</translation>
    </message>
    <message>
        <source>The remote helper did not say which port it listens on.</source>
        <translation>Das Hilfsprogramm auf dem Host hat nicht mitgeteilt, auf welchem Port es lauscht.</translation>
    </message>
    <message>
        <source>Could not open the data connection to {address}:{port}; a firewall may block it. Use a secure method instead.</source>
        <translation>Die Datenverbindung zu {address}:{port} konnte nicht geöffnet werden; vielleicht blockiert eine Firewall sie. Verwenden Sie stattdessen eine sichere Methode.</translation>
    </message>
    <message>
        <source>Another computer connected to the data port on {host} before this app did, so the copy was stopped and nothing was sent to it; use a secure method on this network.</source>
        <translation>Ein anderer Computer hat sich vor dieser App mit dem Datenport auf {host} verbunden, daher wurde die Kopie angehalten und nichts an ihn gesendet; verwenden Sie in diesem Netzwerk eine sichere Methode.</translation>
    </message>
    <message>
        <source>{host} did not confirm this app&apos;s data connection within {time} (something else may hold the data port, or the connection went elsewhere), so the copy was stopped before any data moved; use a secure method.</source>
        <translation>{host} hat die Datenverbindung dieser App nicht innerhalb von {time} bestätigt (vielleicht belegt etwas anderes den Datenport, oder die Verbindung ging woandershin), daher wurde die Kopie angehalten, bevor Daten übertragen wurden; verwenden Sie eine sichere Methode.</translation>
    </message>
    <message>
        <source>{name} (process {pid})</source>
        <translation>{name} (Prozess {pid})</translation>
    </message>
    <message numerus="yes">
        <source>Transfer Advisor could not stop what it started on {host}: {processes} still run(s); end it/them there with `kill -9 {pids}`.</source>
        <translation>
            <numerusform>Transfer Advisor konnte nicht beenden, was es auf {host} gestartet hat: {processes} läuft noch; beenden Sie es dort mit `kill -9 {pids}`.</numerusform>
            <numerusform>Transfer Advisor konnte nicht beenden, was es auf {host} gestartet hat: {processes} laufen noch; beenden Sie sie dort mit `kill -9 {pids}`.</numerusform>
        </translation>
    </message>
    <message>
        <source>Transfer Advisor could not remove its folder {folder} on {host}; remove it there with `rm -rf {quoted}`.</source>
        <translation>Transfer Advisor konnte seinen Ordner {folder} auf {host} nicht entfernen; entfernen Sie ihn dort mit `rm -rf {quoted}`.</translation>
    </message>
</context>
<context>
    <name>HostKeyWords</name>
    <message>
        <source>First connection to {host}</source>
        <translation>Erste Verbindung zu {host}</translation>
    </message>
    <message>
        <source>&lt;b&gt;This computer has not connected to {host} before.&lt;/b&gt;&lt;br&gt;&lt;br&gt;To be sure it is really your device and not an impostor on the network, compare this fingerprint with the one the device shows (for a NAS, usually in its SSH or terminal settings; on Linux, {command}). Trust it only if they match; the key is then remembered and checked on every connection.</source>
        <translation>&lt;b&gt;Dieser Computer war noch nie mit {host} verbunden.&lt;/b&gt;&lt;br&gt;&lt;br&gt;Um sicherzugehen, dass es wirklich Ihr Gerät ist und kein Betrüger im Netzwerk, vergleichen Sie diesen Fingerabdruck mit dem, den das Gerät anzeigt (bei einem NAS meist in den SSH- oder Terminal-Einstellungen; unter Linux mit {command}). Vertrauen Sie ihm nur, wenn beide übereinstimmen; der Schlüssel wird dann gespeichert und bei jeder Verbindung geprüft.</translation>
    </message>
    <message>
        <source>Host key fingerprint</source>
        <translation>Fingerabdruck des Host-Schlüssels</translation>
    </message>
    <message>
        <source>Key type: {type}</source>
        <translation>Schlüsseltyp: {type}</translation>
    </message>
    <message>
        <source>&amp;Trust and connect</source>
        <translation>&amp;Vertrauen und verbinden</translation>
    </message>
    <message>
        <source>&amp;Don&apos;t trust</source>
        <translation>&amp;Nicht vertrauen</translation>
    </message>
</context>
<context>
    <name>HostPickerWords</name>
    <message>
        <source>1 · Host</source>
        <translation>1 · Host</translation>
    </message>
    <message>
        <source>No hosts yet: add one, or try the demo host</source>
        <translation>Noch keine Hosts: Fügen Sie einen hinzu oder probieren Sie den Demo-Host aus</translation>
    </message>
    <message>
        <source>The computer or NAS to copy to or from: an alias from your ssh config, a host you used recently, one you add, or a local demo host to try it all without a NAS.</source>
        <translation>Der Computer oder das NAS, zu dem oder von dem kopiert wird: ein Alias aus Ihrer ssh-Konfiguration, ein zuletzt verwendeter Host, einer, den Sie hinzufügen, oder ein lokaler Demo-Host, um alles ohne NAS auszuprobieren.</translation>
    </message>
    <message>
        <source>H&amp;ost:</source>
        <translation>H&amp;ost:</translation>
    </message>
    <message>
        <source>&amp;Add host…</source>
        <translation>Host hi&amp;nzufügen…</translation>
    </message>
    <message>
        <source>Add a host by name or address, with its user, port and key or password.</source>
        <translation>Einen Host über Namen oder Adresse hinzufügen, mit Benutzer, Port und Schlüssel oder Passwort.</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>Verbindung &amp;testen</translation>
    </message>
    <message>
        <source>Log in to the host now and show what it can do.</source>
        <translation>Jetzt am Host anmelden und zeigen, was er kann.</translation>
    </message>
    <message>
        <source>Set up key lo&amp;gin</source>
        <translation>Schlüsselanmeldun&amp;g einrichten</translation>
    </message>
    <message>
        <source>Make a key for this host and add it to the host&apos;s list of allowed keys over this login, so later copies need no password.</source>
        <translation>Einen Schlüssel für diesen Host erzeugen und über diese Anmeldung in die Liste seiner erlaubten Schlüssel eintragen, damit spätere Kopien kein Passwort brauchen.</translation>
    </message>
    <message>
        <source>Pick a host, then test the connection.</source>
        <translation>Wählen Sie einen Host und testen Sie dann die Verbindung.</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>Zuletzt verwendet</translation>
    </message>
    <message>
        <source>From your ssh config</source>
        <translation>Aus Ihrer ssh-Konfiguration</translation>
    </message>
    <message>
        <source>No NAS at hand?</source>
        <translation>Kein NAS zur Hand?</translation>
    </message>
    <message>
        <source>{host} (ssh config {path})</source>
        <translation>{host} (ssh-Konfiguration {path})</translation>
    </message>
    <message>
        <source>&amp;Edit host…</source>
        <translation>Host &amp;bearbeiten…</translation>
    </message>
    <message>
        <source>&amp;Remove from the list…</source>
        <translation>Aus der Liste &amp;entfernen…</translation>
    </message>
</context>
<context>
    <name>HostStepsWords</name>
    <message>
        <source>Connecting</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <source>Looking for the host&apos;s services</source>
        <translation>Die Suche nach den Diensten des Hosts</translation>
    </message>
    <message>
        <source>Setting up key login</source>
        <translation>Schlüsselanmeldung einrichten</translation>
    </message>
    <message>
        <source>Key login works, but the host could not be added with it</source>
        <translation>Die Schlüsselanmeldung funktioniert, aber der Host konnte damit nicht hinzugefügt werden</translation>
    </message>
    <message>
        <source>Key login could not be set up</source>
        <translation>Die Schlüsselanmeldung konnte nicht eingerichtet werden</translation>
    </message>
    <message>
        <source>Starting the local demo host…</source>
        <translation>Der lokale Demo-Host wird gestartet…</translation>
    </message>
    <message>
        <source>Starting the local demo host</source>
        <translation>Lokalen Demo-Host starten</translation>
    </message>
    <message>
        <source>The local demo host did not start.</source>
        <translation>Der lokale Demo-Host ist nicht gestartet.</translation>
    </message>
    <message>
        <source>Could not start the local demo host</source>
        <translation>Der lokale Demo-Host konnte nicht gestartet werden</translation>
    </message>
    <message>
        <source>Refused for your safety: the host&apos;s key has changed</source>
        <translation>Zu Ihrer Sicherheit verweigert: Der Schlüssel des Hosts hat sich geändert</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Nicht verbunden.</translation>
    </message>
    <message>
        <source>Reading the host key</source>
        <translation>Host-Schlüssel lesen</translation>
    </message>
    <message>
        <source>Trusting the host key</source>
        <translation>Host-Schlüssel vertrauen</translation>
    </message>
    <message>
        <source>Remove host</source>
        <translation>Host entfernen</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Forgetting the host</source>
        <translation>Host vergessen</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>Nicht verbunden</translation>
    </message>
    <message>
        <source>its folders can be browsed</source>
        <translation>können seine Ordner durchsucht werden</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Passwort</translation>
    </message>
    <message>
        <source>Press Test connection to start an SSH host on this computer and try every step on it.</source>
        <translation>Klicken Sie auf „Verbindung testen“, um einen SSH-Host auf diesem Computer zu starten und jeden Schritt daran auszuprobieren.</translation>
    </message>
    <message>
        <source>Not tested yet: press Test connection.</source>
        <translation>Noch nicht getestet: Klicken Sie auf „Verbindung testen“.</translation>
    </message>
    <message>
        <source>Add a host, or try the local demo host, to begin.</source>
        <translation>Fügen Sie zum Start einen Host hinzu oder probieren Sie den lokalen Demo-Host aus.</translation>
    </message>
    <message>
        <source>Disconnecting</source>
        <translation>Verbindung trennen</translation>
    </message>
</context>
<context>
    <name>HostWords</name>
    <message>
        <source>{label} ({hostname} port {port})</source>
        <translation>{label} ({hostname}, Port {port})</translation>
    </message>
    <message>
        <source>the connection was refused</source>
        <translation>die Verbindung wurde abgelehnt</translation>
    </message>
    <message>
        <source>Password for {user}@{hostname}: </source>
        <translation>Passwort für {user}@{hostname}: </translation>
    </message>
    <message>
        <source>it was not trusted and {path} was left as it was</source>
        <translation>der Schlüssel wurde nicht als vertrauenswürdig übernommen und {path} blieb unverändert</translation>
    </message>
</context>
<context>
    <name>KeepWords</name>
    <message>
        <source>permissions</source>
        <translation>Berechtigungen</translation>
    </message>
    <message>
        <source>modification times</source>
        <translation>Änderungszeiten</translation>
    </message>
    <message>
        <source>symbolic links</source>
        <translation>symbolische Links</translation>
    </message>
    <message>
        <source>hard links</source>
        <translation>Hardlinks</translation>
    </message>
    <message>
        <source>sparse files</source>
        <translation>Sparse-Dateien</translation>
    </message>
    <message>
        <source>extended attributes</source>
        <translation>erweiterte Attribute</translation>
    </message>
    <message>
        <source>ACLs</source>
        <translation>ACLs</translation>
    </message>
    <message>
        <source>owners</source>
        <translation>Eigentümer</translation>
    </message>
    <message>
        <source>mode</source>
        <translation>Rechte</translation>
    </message>
    <message>
        <source>mtime</source>
        <translation>Zeitstempel</translation>
    </message>
    <message>
        <source>symlinks</source>
        <translation>Symlinks</translation>
    </message>
    <message>
        <source>sparse</source>
        <translation>Sparse</translation>
    </message>
    <message>
        <source>xattrs</source>
        <translation>xattrs</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>asked</source>
        <translation>angefragt</translation>
    </message>
</context>
<context>
    <name>LeftOutWords</name>
    <message>
        <source>Why not the other methods</source>
        <translation>Warum nicht die anderen Methoden</translation>
    </message>
</context>
<context>
    <name>ListenerWords</name>
    <message>
        <source>`nc` is not installed on the remote host</source>
        <translation>`nc` ist auf dem entfernten Host nicht installiert</translation>
    </message>
    <message>
        <source>the remote netcat (unknown) listens neither like OpenBSD netcat nor like BusyBox nc</source>
        <translation>das netcat des entfernten Hosts (unbekannter Art) lauscht weder wie OpenBSD netcat noch wie BusyBox nc</translation>
    </message>
    <message>
        <source>the remote netcat ({flavour}) listens neither like OpenBSD netcat nor like BusyBox nc</source>
        <translation>das netcat des entfernten Hosts ({flavour}) lauscht weder wie OpenBSD netcat noch wie BusyBox nc</translation>
    </message>
</context>
<context>
    <name>LivePlotWords</name>
    <message>
        <source>no data yet</source>
        <translation>noch keine Daten</translation>
    </message>
</context>
<context>
    <name>MainWindowWords</name>
    <message>
        <source>Transfer Advisor — copy files to your NAS or server the fastest way</source>
        <translation>Transfer Advisor — Dateien auf dem schnellsten Weg auf Ihr NAS oder Ihren Server kopieren</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Add host…</source>
        <translation>Host &amp;hinzufügen…</translation>
    </message>
    <message>
        <source>&amp;Edit host…</source>
        <translation>Host be&amp;arbeiten…</translation>
    </message>
    <message>
        <source>&amp;Remove host…</source>
        <translation>Host &amp;entfernen…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>Ein&amp;stellungen…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Transfer Advisor</source>
        <translation>Ü&amp;ber Transfer Advisor</translation>
    </message>
    <message>
        <source>A selected item cannot be read</source>
        <translation>Ein ausgewähltes Element kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>Test the connection to a host first.</source>
        <translation>Testen Sie zuerst die Verbindung zu einem Host.</translation>
    </message>
    <message>
        <source>Removing what the race left on the host, then closing…</source>
        <translation>Was der Vergleich auf dem Host hinterlassen hat, wird entfernt, dann geschlossen…</translation>
    </message>
    <message>
        <source>Stopping, then closing…</source>
        <translation>Wird angehalten, dann geschlossen…</translation>
    </message>
</context>
<context>
    <name>MethodReasons</name>
    <message>
        <source>runs commands on the host, and this account may only use SFTP (no shell)</source>
        <translation>führt Befehle auf dem Host aus, und dieses Konto darf nur SFTP verwenden (keine Shell)</translation>
    </message>
    <message>
        <source>the host has no SFTP server (on an embedded box, install its sftp-server package)</source>
        <translation>der Host hat keinen SFTP-Server (installieren Sie auf einem eingebetteten Gerät dessen sftp-server-Paket)</translation>
    </message>
    <message>
        <source>cannot copy on parallel streams (--streams)</source>
        <translation>kann nicht über parallele Datenströme kopieren (--streams)</translation>
    </message>
    <message>
        <source>extended attributes and ACLs</source>
        <translation>erweiterte Attribute und ACLs</translation>
    </message>
    <message>
        <source>cannot keep {what} ({option})</source>
        <translation>kann {what} nicht erhalten ({option})</translation>
    </message>
    <message>
        <source>cannot keep {what} between these two computers ({option})</source>
        <translation>kann {what} zwischen diesen beiden Computern nicht erhalten ({option})</translation>
    </message>
    <message>
        <source>sends data unencrypted; allow insecure methods to use it (trusted local network only)</source>
        <translation>sendet Daten unverschlüsselt; erlauben Sie unsichere Methoden, um sie zu verwenden (nur in einem vertrauenswürdigen lokalen Netzwerk)</translation>
    </message>
    <message>
        <source>cannot use {codec} compression</source>
        <translation>kann nicht mit {codec} komprimieren</translation>
    </message>
    <message>
        <source>`{tool}` is not installed on this computer</source>
        <translation>`{tool}` ist auf diesem Computer nicht installiert</translation>
    </message>
    <message>
        <source>`{tool}` is not installed on the remote host</source>
        <translation>`{tool}` ist auf dem entfernten Host nicht installiert</translation>
    </message>
    <message>
        <source>the server does not offer the cipher {cipher}</source>
        <translation>der Server bietet das Verschlüsselungsverfahren {cipher} nicht an</translation>
    </message>
    <message>
        <source>this computer&apos;s ssh does not know the cipher {cipher}</source>
        <translation>das ssh dieses Computers kennt das Verschlüsselungsverfahren {cipher} nicht</translation>
    </message>
    <message>
        <source>the server does not offer the MAC {mac}</source>
        <translation>der Server bietet den MAC {mac} nicht an</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>rsync on this computer cannot compress with {codec} (it has: {codecs})</source>
        <translation>rsync auf diesem Computer kann nicht mit {codec} komprimieren (vorhanden: {codecs})</translation>
    </message>
    <message>
        <source>rsync on the remote host cannot compress with {codec} (it has: {codecs})</source>
        <translation>rsync auf dem entfernten Host kann nicht mit {codec} komprimieren (vorhanden: {codecs})</translation>
    </message>
    <message>
        <source>cannot fetch an item whose name holds both a backslash and one of * ? [ (rsync refuses it)</source>
        <translation>kann kein Element holen, dessen Name sowohl einen Backslash als auch eines der Zeichen * ? [ enthält (rsync lehnt das ab)</translation>
    </message>
    <message>
        <source>needs an SFTP server on the host, or a shell with `scp` in it for the old protocol, and the host has neither</source>
        <translation>braucht einen SFTP-Server auf dem Host oder für das alte Protokoll eine Shell mit `scp`, und der Host hat keins von beiden</translation>
    </message>
    <message>
        <source>needs a shell with `scp` in it on the host for the old protocol</source>
        <translation>braucht für das alte Protokoll eine Shell mit `scp` auf dem Host</translation>
    </message>
    <message>
        <source>needs OpenSSH&apos;s scp of a known version to choose a protocol that keeps paths safe, and `ssh -V` on this computer names none</source>
        <translation>braucht das scp von OpenSSH in einer bekannten Version, um ein Protokoll zu wählen, das Pfade sicher überträgt, und `ssh -V` nennt auf diesem Computer keine</translation>
    </message>
    <message>
        <source>the host has no SFTP server</source>
        <translation>der Host hat keinen SFTP-Server</translation>
    </message>
    <message>
        <source>this computer&apos;s OpenSSH {version} predates scp&apos;s SFTP mode</source>
        <translation>OpenSSH {version} auf diesem Computer ist älter als der SFTP-Modus von scp</translation>
    </message>
    <message>
        <source>needs OpenSSH 8.7 or later on this computer (it has {version}) to use the host&apos;s SFTP server, or a shell with `scp` in it on the host for the old protocol</source>
        <translation>braucht OpenSSH 8.7 oder neuer auf diesem Computer (vorhanden ist {version}), um den SFTP-Server des Hosts zu nutzen, oder für das alte Protokoll eine Shell mit `scp` auf dem Host</translation>
    </message>
    <message>
        <source>is plain scp here: {why}, so scp speaks the old protocol itself</source>
        <translation>ist hier das gewöhnliche scp: {why}, daher spricht scp selbst das alte Protokoll</translation>
    </message>
    <message>
        <source>needs the old scp protocol ({why}), which hands paths to the login shell, and {shell} does not read POSIX quoting</source>
        <translation>braucht das alte scp-Protokoll ({why}), das Pfade an die Login-Shell übergibt, und {shell} versteht keine POSIX-Quotierung</translation>
    </message>
    <message>
        <source>speaks the old scp protocol, which hands paths to the login shell, and {shell} does not read POSIX quoting</source>
        <translation>spricht das alte scp-Protokoll, das Pfade an die Login-Shell übergibt, und {shell} versteht keine POSIX-Quotierung</translation>
    </message>
    <message>
        <source>follows symbolic links, and the selection has a link to a folder or to nothing (it would copy the folder twice, go round in a loop, or stop)</source>
        <translation>folgt symbolischen Links, und die Auswahl enthält einen Link auf einen Ordner oder ins Leere (sie würde den Ordner doppelt kopieren, in eine Schleife geraten oder abbrechen)</translation>
    </message>
    <message>
        <source>needs the old scp protocol ({why}), which cannot carry a name with a line break in it</source>
        <translation>braucht das alte scp-Protokoll ({why}), das keinen Namen mit einem Zeilenumbruch übertragen kann</translation>
    </message>
    <message>
        <source>speaks the old scp protocol, which cannot carry a name with a line break in it</source>
        <translation>spricht das alte scp-Protokoll, das keinen Namen mit einem Zeilenumbruch übertragen kann</translation>
    </message>
    <message>
        <source>its batch commands cannot name a path with a line break in it (the sources or the destination)</source>
        <translation>die Batch-Befehle von sftp können keinen Pfad mit einem Zeilenumbruch nennen (die Quellen oder das Ziel)</translation>
    </message>
    <message>
        <source>copies exactly one regular file; the selection is not one file</source>
        <translation>kopiert genau eine reguläre Datei; die Auswahl besteht nicht aus einer einzelnen Datei</translation>
    </message>
    <message>
        <source>needs a share mounted here that writes as the user logged in over ssh, and what the share mounted here writes belongs to another user of the host (mount it with that login, or log in as its user)</source>
        <translation>braucht eine hier eingehängte Freigabe, die als der über ssh angemeldete Benutzer schreibt, und was die hier eingehängte Freigabe schreibt, gehört einem anderen Benutzer des Hosts (hängen Sie sie mit dieser Anmeldung ein, oder melden Sie sich als ihr Benutzer an)</translation>
    </message>
    <message>
        <source>needs a share mounted here that takes writes, and the share mounted here is read-only</source>
        <translation>braucht eine hier eingehängte Freigabe, die Schreiben erlaubt, und die hier eingehängte Freigabe ist nur lesbar</translation>
    </message>
    <message>
        <source>needs the host&apos;s folder on a share mounted here, and the share mounted here holds another folder</source>
        <translation>braucht den Ordner des Hosts auf einer hier eingehängten Freigabe, und die hier eingehängte Freigabe enthält einen anderen Ordner</translation>
    </message>
    <message>
        <source>needs a share of the host mounted on this computer with encryption (sshfs, or SMB3 with seal)</source>
        <translation>braucht eine Freigabe des Hosts, die auf diesem Computer verschlüsselt eingehängt ist (sshfs, oder SMB3 mit seal)</translation>
    </message>
    <message>
        <source>needs a share of the host mounted on this computer without encryption (SMB, NFS)</source>
        <translation>braucht eine Freigabe des Hosts, die auf diesem Computer unverschlüsselt eingehängt ist (SMB, NFS)</translation>
    </message>
    <message>
        <source>goes through the mount&apos;s own connection, which chose its own encryption (no --cipher or --mux)</source>
        <translation>läuft über die eigene Verbindung der Freigabe, die ihre Verschlüsselung selbst gewählt hat (kein --cipher oder --mux)</translation>
    </message>
    <message>
        <source>needs a module of the host&apos;s rsync service that takes this account&apos;s writes as its own, and the module that holds the folder writes as another user or not at all</source>
        <translation>braucht ein Modul des rsync-Dienstes des Hosts, das Geschriebenes als Eigentum dieses Kontos anlegt, und das Modul mit dem Ordner schreibt als ein anderer Benutzer oder gar nicht</translation>
    </message>
    <message>
        <source>needs a module of an rsync service the host runs (port 873) that holds the folder and that this computer can log in to</source>
        <translation>braucht ein Modul eines rsync-Dienstes auf dem Host (Port 873), das den Ordner enthält und bei dem sich dieser Computer anmelden kann</translation>
    </message>
    <message>
        <source>talks to the host&apos;s rsync service without ssh (no --cipher or --mux)</source>
        <translation>spricht ohne ssh mit dem rsync-Dienst des Hosts (kein --cipher oder --mux)</translation>
    </message>
    <message>
        <source>cannot log in to the module {module} of the host&apos;s rsync service as {user}: it took none of the passwords tried ($RSYNC_PASSWORD, the one the keyring keeps, the ssh login&apos;s own)</source>
        <translation>kann sich beim Modul {module} des rsync-Dienstes des Hosts nicht als {user} anmelden: es nahm keines der versuchten Passwörter an ($RSYNC_PASSWORD, das im Schlüsselbund gespeicherte, das der ssh-Anmeldung)</translation>
    </message>
    <message>
        <source>cannot log in to the module {module} of the host&apos;s rsync service: it takes other accounts than {user}</source>
        <translation>kann sich beim Modul {module} des rsync-Dienstes des Hosts nicht anmelden: es nimmt andere Konten als {user} an</translation>
    </message>
    <message>
        <source>cannot reach the module {module} of the host&apos;s rsync service: it does not let this computer in (its `hosts allow`)</source>
        <translation>erreicht das Modul {module} des rsync-Dienstes des Hosts nicht: es lässt diesen Computer nicht herein (sein `hosts allow`)</translation>
    </message>
    <message>
        <source>needs the host&apos;s rsync service, which did not answer</source>
        <translation>braucht den rsync-Dienst des Hosts, der nicht geantwortet hat</translation>
    </message>
    <message>
        <source>FTP cannot name a path with a line break in it</source>
        <translation>FTP kann keinen Pfad mit einem Zeilenumbruch benennen</translation>
    </message>
    <message>
        <source>needs an FTP service on the host that offers TLS (port 21), takes this account&apos;s login and shows the folder (and, to copy to it, takes its writes)</source>
        <translation>braucht einen FTP-Dienst auf dem Host, der TLS anbietet (Port 21), die Anmeldung dieses Kontos annimmt und den Ordner zeigt (und, um dorthin zu kopieren, seine Schreibzugriffe annimmt)</translation>
    </message>
    <message>
        <source>needs an FTP service on the host (port 21) that takes this account&apos;s login and shows the folder (and, to copy to it, takes its writes)</source>
        <translation>braucht einen FTP-Dienst auf dem Host (Port 21), der die Anmeldung dieses Kontos annimmt und den Ordner zeigt (und, um dorthin zu kopieren, seine Schreibzugriffe annimmt)</translation>
    </message>
    <message>
        <source>talks to the host&apos;s FTP service without ssh (no --cipher or --mux)</source>
        <translation>spricht ohne ssh mit dem FTP-Dienst des Hosts (kein --cipher oder --mux)</translation>
    </message>
    <message>
        <source>cannot log in to the host&apos;s FTP service as {user}: it took none of the passwords tried ($FTP_PASSWORD, the one the keyring keeps, the ssh login&apos;s own)</source>
        <translation>kann sich beim FTP-Dienst des Hosts nicht als {user} anmelden: er nahm keines der versuchten Passwörter an ($FTP_PASSWORD, das im Schlüsselbund gespeicherte, das der ssh-Anmeldung)</translation>
    </message>
    <message>
        <source>cannot find the destination in what the host&apos;s FTP service shows {user}</source>
        <translation>findet das Ziel nicht in dem, was der FTP-Dienst des Hosts {user} zeigt</translation>
    </message>
    <message>
        <source>needs the host&apos;s FTP service to write as {user}, and it writes as another user</source>
        <translation>braucht einen FTP-Dienst des Hosts, der als {user} schreibt, und er schreibt als ein anderer Benutzer</translation>
    </message>
    <message>
        <source>needs the host&apos;s FTP service to take this account&apos;s login without TLS, and it takes it only with TLS (ftps)</source>
        <translation>braucht einen FTP-Dienst des Hosts, der die Anmeldung dieses Kontos ohne TLS annimmt, und er nimmt sie nur mit TLS an (ftps)</translation>
    </message>
    <message>
        <source>cannot check the certificate of the host&apos;s FTP service: the host did not show the same one through ssh (it needs a shell and openssl for that)</source>
        <translation>kann das Zertifikat des FTP-Dienstes des Hosts nicht prüfen: der Host zeigte über ssh nicht dasselbe (dafür braucht er eine Shell und openssl)</translation>
    </message>
    <message>
        <source>needs the host&apos;s FTP service, which did not answer</source>
        <translation>braucht den FTP-Dienst des Hosts, der nicht geantwortet hat</translation>
    </message>
    <message>
        <source>SMB cannot name a file whose name holds \ : * ? &quot; &lt; &gt; |, a control character or bytes that are not UTF-8, and the selection has one</source>
        <translation>SMB kann keine Datei benennen, deren Name \ : * ? &quot; &lt; &gt; |, ein Steuerzeichen oder Bytes enthält, die kein UTF-8 sind, und die Auswahl hat eine solche</translation>
    </message>
    <message>
        <source>needs an SMB share on the host (port 445) that takes this account&apos;s login and shows the folder (and, to copy to it, takes its writes)</source>
        <translation>braucht eine SMB-Freigabe auf dem Host (Port 445), die die Anmeldung dieses Kontos annimmt und den Ordner zeigt (und, um dorthin zu kopieren, seine Schreibzugriffe annimmt)</translation>
    </message>
    <message>
        <source>talks to the host&apos;s SMB service without ssh (no --cipher or --mux)</source>
        <translation>spricht ohne ssh mit dem SMB-Dienst des Hosts (kein --cipher oder --mux)</translation>
    </message>
    <message>
        <source>cannot log in to the host&apos;s SMB service as {user}: it took none of the passwords tried ($SMB_PASSWORD, the one the keyring keeps, the ssh login&apos;s own)</source>
        <translation>kann sich beim SMB-Dienst des Hosts nicht als {user} anmelden: er nahm keines der versuchten Passwörter an ($SMB_PASSWORD, das im Schlüsselbund gespeicherte, das der ssh-Anmeldung)</translation>
    </message>
    <message>
        <source>cannot find the destination in the SMB shares the host shows {user}</source>
        <translation>findet das Ziel nicht in den SMB-Freigaben, die der Host {user} zeigt</translation>
    </message>
    <message>
        <source>needs the host&apos;s SMB share to write as {user}, and it writes as another user</source>
        <translation>braucht eine SMB-Freigabe des Hosts, die als {user} schreibt, und sie schreibt als ein anderer Benutzer</translation>
    </message>
    <message>
        <source>needs the host&apos;s SMB service to encrypt (SMB3), and it does not</source>
        <translation>braucht einen SMB-Dienst des Hosts, der verschlüsselt (SMB3), und er tut es nicht</translation>
    </message>
    <message>
        <source>needs the host&apos;s SMB service, which did not answer</source>
        <translation>braucht den SMB-Dienst des Hosts, der nicht geantwortet hat</translation>
    </message>
    <message>
        <source>an NFS URL cannot name a file whose name holds ?, and the selection has one</source>
        <translation>eine NFS-URL kann keine Datei benennen, deren Name ? enthält, und die Auswahl hat eine solche</translation>
    </message>
    <message>
        <source>needs an NFS export of the host (port 2049, its portmapper on 111) that shows this computer the folder (and, to copy to it, takes its writes as this account)</source>
        <translation>braucht einen NFS-Export des Hosts (Port 2049, sein Portmapper auf 111), der diesem Computer den Ordner zeigt (und, um dorthin zu kopieren, seine Schreibzugriffe als dieses Konto annimmt)</translation>
    </message>
    <message>
        <source>talks to the host&apos;s NFS service without ssh (no --cipher or --mux)</source>
        <translation>spricht ohne ssh mit dem NFS-Dienst des Hosts (kein --cipher oder --mux)</translation>
    </message>
    <message>
        <source>needs an NFS export of the host that lets this computer in and shows the folder; none does (add this computer&apos;s address to the export&apos;s clients, and allow connections from non-privileged ports)</source>
        <translation>braucht einen NFS-Export des Hosts, der diesen Computer hereinlässt und den Ordner zeigt; keiner tut das (tragen Sie die Adresse dieses Computers bei den Clients des Exports ein und erlauben Sie Verbindungen von nicht privilegierten Ports)</translation>
    </message>
    <message>
        <source>needs the host&apos;s NFS export to write as this account, and it writes as another user (its squash setting)</source>
        <translation>braucht einen NFS-Export des Hosts, der als dieses Konto schreibt, und er schreibt als ein anderer Benutzer (seine Squash-Einstellung)</translation>
    </message>
    <message>
        <source>needs this account&apos;s user and group numbers on the host, which it did not say</source>
        <translation>braucht die Benutzer- und Gruppennummer dieses Kontos auf dem Host, die er nicht genannt hat</translation>
    </message>
    <message>
        <source>needs the host&apos;s NFS service, which did not answer (its portmapper, port 111, too)</source>
        <translation>braucht den NFS-Dienst des Hosts, der nicht geantwortet hat (auch sein Portmapper, Port 111)</translation>
    </message>
</context>
<context>
    <name>Methods</name>
    <message>
        <source>tar over ssh</source>
        <translation>tar über ssh</translation>
    </message>
    <message>
        <source>rsync over ssh</source>
        <translation>rsync über ssh</translation>
    </message>
    <message>
        <source>scp -O (old protocol)</source>
        <translation>scp -O (altes Protokoll)</translation>
    </message>
    <message>
        <source>ssh cat (one file)</source>
        <translation>ssh cat (eine Datei)</translation>
    </message>
    <message>
        <source>tar over netcat (insecure)</source>
        <translation>tar über netcat (unsicher)</translation>
    </message>
    <message>
        <source>rsync daemon (insecure)</source>
        <translation>rsync-Daemon (unsicher)</translation>
    </message>
    <message>
        <source>the share mounted here</source>
        <translation>die hier eingehängte Freigabe</translation>
    </message>
    <message>
        <source>the share mounted here (insecure)</source>
        <translation>die hier eingehängte Freigabe (unsicher)</translation>
    </message>
    <message>
        <source>the host&apos;s rsync service (insecure)</source>
        <translation>der rsync-Dienst des Hosts (unsicher)</translation>
    </message>
    <message>
        <source>the host&apos;s FTP service with TLS (FTPS)</source>
        <translation>der FTP-Dienst des Hosts mit TLS (FTPS)</translation>
    </message>
    <message>
        <source>the host&apos;s FTP service (insecure)</source>
        <translation>der FTP-Dienst des Hosts (unsicher)</translation>
    </message>
    <message>
        <source>the host&apos;s SMB share, encrypted (SMB3)</source>
        <translation>die SMB-Freigabe des Hosts, verschlüsselt (SMB3)</translation>
    </message>
    <message>
        <source>the host&apos;s SMB share (insecure)</source>
        <translation>die SMB-Freigabe des Hosts (unsicher)</translation>
    </message>
    <message>
        <source>the host&apos;s NFS export (insecure)</source>
        <translation>der NFS-Export des Hosts (unsicher)</translation>
    </message>
    <message>
        <source>Streams one tar archive through ssh: no per-file round trips, best for many small files.</source>
        <translation>Sendet ein tar-Archiv als Datenstrom durch ssh: keine Wartezeit pro Datei, am besten für viele kleine Dateien.</translation>
    </message>
    <message>
        <source>rsync through ssh: copies only what changed and can resume; a little per-file overhead.</source>
        <translation>rsync durch ssh: kopiert nur Geändertes und kann fortsetzen; etwas Aufwand pro Datei.</translation>
    </message>
    <message>
        <source>OpenSSH&apos;s secure copy: simple and everywhere, but slow with many small files.</source>
        <translation>Sicheres Kopieren mit OpenSSH: einfach und überall vorhanden, aber langsam bei vielen kleinen Dateien.</translation>
    </message>
    <message>
        <source>scp&apos;s old protocol: no SFTP requests, the host&apos;s scp writes each file; slow with many small files.</source>
        <translation>Das alte Protokoll von scp: keine SFTP-Anfragen, das scp des Hosts schreibt jede Datei; langsam bei vielen kleinen Dateien.</translation>
    </message>
    <message>
        <source>OpenSSH&apos;s file transfer protocol: secure and resumable, slow with many small files.</source>
        <translation>Das Dateiübertragungsprotokoll von OpenSSH: sicher und fortsetzbar, langsam bei vielen kleinen Dateien.</translation>
    </message>
    <message>
        <source>Pipes a single file through ssh with no file protocol on top; only for one regular file.</source>
        <translation>Leitet eine einzelne Datei ohne Dateiprotokoll durch ssh; nur für eine gewöhnliche Datei.</translation>
    </message>
    <message>
        <source>Streams tar over plain TCP: no encryption cost, so a weak NAS CPU is no limit. Unencrypted.</source>
        <translation>Sendet tar über einfaches TCP: keine Kosten für Verschlüsselung, daher bremst eine schwache NAS-CPU nicht. Unverschlüsselt.</translation>
    </message>
    <message>
        <source>rsync&apos;s own protocol on plain TCP: no encryption cost, keeps rsync&apos;s features. Unencrypted.</source>
        <translation>Das eigene Protokoll von rsync über einfaches TCP: keine Kosten für Verschlüsselung, mit allen Funktionen von rsync. Unverschlüsselt.</translation>
    </message>
    <message>
        <source>Copies onto the host&apos;s share that this computer has mounted (sshfs, SMB3 with encryption): no login, the mount&apos;s own encrypted protocol carries the files.</source>
        <translation>Kopiert auf die Freigabe des Hosts, die dieser Computer eingehängt hat (sshfs, SMB3 mit Verschlüsselung): keine Anmeldung, das eigene verschlüsselte Protokoll der Freigabe trägt die Dateien.</translation>
    </message>
    <message>
        <source>Copies onto the host&apos;s share that this computer has mounted (SMB, NFS): no login and no encryption cost. Unencrypted.</source>
        <translation>Kopiert auf die Freigabe des Hosts, die dieser Computer eingehängt hat (SMB, NFS): keine Anmeldung und keine Kosten für Verschlüsselung. Unverschlüsselt.</translation>
    </message>
    <message>
        <source>rsync&apos;s own protocol to the rsync service the host already runs (port 873): nothing to start, no encryption cost. Unencrypted.</source>
        <translation>rsyncs eigenes Protokoll zum rsync-Dienst, den der Host schon betreibt (Port 873): nichts zu starten, keine Kosten für Verschlüsselung. Unverschlüsselt.</translation>
    </message>
    <message>
        <source>Uploads to the FTP service the host already runs, with TLS on the commands and the files; its certificate is checked through ssh. Slow with many small files.</source>
        <translation>Lädt zum FTP-Dienst hoch, den der Host schon betreibt, mit TLS für Befehle und Dateien; sein Zertifikat wird über ssh geprüft. Langsam bei vielen kleinen Dateien.</translation>
    </message>
    <message>
        <source>Uploads to the FTP service the host already runs: no encryption cost, but the files and the password cross in clear. Unencrypted.</source>
        <translation>Lädt zum FTP-Dienst hoch, den der Host schon betreibt: keine Kosten für Verschlüsselung, aber Dateien und Passwort gehen im Klartext. Unverschlüsselt.</translation>
    </message>
    <message>
        <source>Writes into the host&apos;s SMB share (Windows file sharing) with SMB3 encryption, its keys from your password. Slow with many small files.</source>
        <translation>Schreibt mit SMB3-Verschlüsselung in die SMB-Freigabe des Hosts (Windows-Dateifreigabe), ihre Schlüssel aus Ihrem Passwort. Langsam bei vielen kleinen Dateien.</translation>
    </message>
    <message>
        <source>Writes into the host&apos;s SMB share (Windows file sharing): no encryption cost, but the files cross in clear. Unencrypted.</source>
        <translation>Schreibt in die SMB-Freigabe des Hosts (Windows-Dateifreigabe): keine Verschlüsselungskosten, aber die Dateien gehen im Klartext übers Netz. Unverschlüsselt.</translation>
    </message>
    <message>
        <source>Writes into the host&apos;s NFS export, several files at a time: no encryption cost and little CPU on the NAS, but the files cross in clear and the NAS trusts this computer to name the account. Unencrypted.</source>
        <translation>Schreibt in den NFS-Export des Hosts, mehrere Dateien zugleich: keine Verschlüsselungskosten und wenig CPU auf dem NAS, aber die Dateien gehen im Klartext übers Netz, und das NAS glaubt diesem Computer, welches Konto schreibt. Unverschlüsselt.</translation>
    </message>
</context>
<context>
    <name>ModulePasswordWords</name>
    <message>
        <source>Password</source>
        <translation>Passwort</translation>
    </message>
    <message>
        <source>&amp;Remember it in the system keyring</source>
        <translation>Im Schlüsselbund des Systems &amp;merken</translation>
    </message>
    <message>
        <source>Once the module takes it, the password goes to your desktop&apos;s keyring (never to a file), and the app does not ask again.</source>
        <translation>Sobald das Modul es annimmt, kommt das Passwort in den Schlüsselbund Ihres Desktops (nie in eine Datei), und die App fragt nicht erneut.</translation>
    </message>
    <message>
        <source>This computer has no system keyring: the password is kept only while the window is open.</source>
        <translation>Dieser Computer hat keinen Schlüsselbund: Das Passwort wird nur behalten, solange das Fenster offen ist.</translation>
    </message>
</context>
<context>
    <name>NetworkPathWords</name>
    <message>
        <source>the connection to the host goes through another program or host (a ProxyCommand or ProxyJump), so unencrypted data could not be sent to the host directly</source>
        <translation>die Verbindung zum Host läuft über ein anderes Programm oder einen anderen Host (ein ProxyCommand oder ProxyJump), daher können unverschlüsselte Daten nicht direkt an den Host gesendet werden</translation>
    </message>
    <message>
        <source>the host did not say how it sees this connection ($SSH_CONNECTION is empty), so unencrypted data could not be sent to it over a path known to be direct</source>
        <translation>der Host hat nicht mitgeteilt, wie er diese Verbindung sieht ($SSH_CONNECTION ist leer), daher können unverschlüsselte Daten nicht über einen Weg an ihn gesendet werden, der als direkt bekannt ist</translation>
    </message>
    <message>
        <source>the connection to the host passes through a port forward or tunnel (this computer reached {here}, the host sees {there}), so unencrypted data could not be sent to the host directly</source>
        <translation>die Verbindung zum Host läuft über eine Portweiterleitung oder einen Tunnel (dieser Computer hat {here} erreicht, der Host sieht {there}), daher können unverschlüsselte Daten nicht direkt an den Host gesendet werden</translation>
    </message>
    <message>
        <source>the connection to the host passes through NAT or a proxy (this computer connects from {mine}, the host sees {seen}), so unencrypted data could not be sent to the host directly</source>
        <translation>die Verbindung zum Host läuft über NAT oder einen Proxy (dieser Computer verbindet sich von {mine} aus, der Host sieht {seen}), daher können unverschlüsselte Daten nicht direkt an den Host gesendet werden</translation>
    </message>
</context>
<context>
    <name>NotifierWords</name>
    <message>
        <source>Show {app}</source>
        <translation>{app} anzeigen</translation>
    </message>
</context>
<context>
    <name>PerFileProbeWords</name>
    <message>
        <source>the host has neither an SFTP server nor tar to time files with</source>
        <translation>der Host hat weder einen SFTP-Server noch tar, mit denen sich die Zeit pro Datei messen ließe</translation>
    </message>
    <message>
        <source>extracting the test files failed (exit {status})</source>
        <translation>das Entpacken der Testdateien ist fehlgeschlagen (Exit-Code {status})</translation>
    </message>
</context>
<context>
    <name>PreferencesWords</name>
    <message>
        <source>Settings could not be saved</source>
        <translation>Die Einstellungen konnten nicht gespeichert werden</translation>
    </message>
</context>
<context>
    <name>Probes</name>
    <message>
        <source>nothing to measure</source>
        <translation>nichts zu messen</translation>
    </message>
    <message>
        <source>Round-trip time</source>
        <translation>Umlaufzeit</translation>
    </message>
    <message>
        <source>the account runs no commands (SFTP only)</source>
        <translation>das Konto führt keine Befehle aus (nur SFTP)</translation>
    </message>
    <message numerus="yes">
        <source>Raw TCP, download, %n connections</source>
        <translation>
            <numerusform>Reines TCP, Download, %n Verbindung</numerusform>
            <numerusform>Reines TCP, Download, %n Verbindungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Raw TCP, upload, %n connections</source>
        <translation>
            <numerusform>Reines TCP, Upload, %n Verbindung</numerusform>
            <numerusform>Reines TCP, Upload, %n Verbindungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Raw TCP, download</source>
        <translation>Reines TCP, Download</translation>
    </message>
    <message>
        <source>Raw TCP, upload</source>
        <translation>Reines TCP, Upload</translation>
    </message>
    <message numerus="yes">
        <source>{rate} (of the %n at once)</source>
        <translation>
            <numerusform>{rate} (von der %n gleichzeitigen)</numerusform>
            <numerusform>{rate} (von den %n gleichzeitigen)</numerusform>
        </translation>
    </message>
    <message>
        <source>the host has no /proc to tell it</source>
        <translation>der Host hat kein /proc, das es verrät</translation>
    </message>
    <message>
        <source>CPU the host gives</source>
        <translation>CPU, die der Host gewährt</translation>
    </message>
    <message>
        <source>a whole core</source>
        <translation>ein ganzer Kern</translation>
    </message>
    <message>
        <source>{share} of a core</source>
        <translation>{share} eines Kerns</translation>
    </message>
    <message>
        <source>Raw TCP</source>
        <translation>Reines TCP</translation>
    </message>
    <message>
        <source>ssh per cipher</source>
        <translation>ssh je Verschlüsselung</translation>
    </message>
    <message>
        <source>Destination disk writes</source>
        <translation>Schreiben auf die Zielfestplatte</translation>
    </message>
    <message>
        <source>Cost of each file</source>
        <translation>Aufwand pro Datei</translation>
    </message>
    <message>
        <source>ssh with {cipher}</source>
        <translation>ssh mit {cipher}</translation>
    </message>
    <message>
        <source>{time} talking SFTP</source>
        <translation>{time} für SFTP-Anfragen</translation>
    </message>
    <message>
        <source>{time} creating it</source>
        <translation>{time} zum Anlegen</translation>
    </message>
    <message>
        <source>Reading the selection</source>
        <translation>Lesen der Auswahl</translation>
    </message>
    <message>
        <source>too little to time</source>
        <translation>zu wenig zum Messen</translation>
    </message>
    <message>
        <source>Compressibility</source>
        <translation>Komprimierbarkeit</translation>
    </message>
    <message>
        <source>{codec} {ratio}× at {rate}</source>
        <translation>{codec} {ratio}× bei {rate}</translation>
    </message>
    <message>
        <source>sample too small</source>
        <translation>Stichprobe zu klein</translation>
    </message>
</context>
<context>
    <name>ProfileWords</name>
    <message>
        <source>not measured: {why}</source>
        <translation>nicht gemessen: {why}</translation>
    </message>
    <message>
        <source>kept from {when}</source>
        <translation>aus der Messung von {when}</translation>
    </message>
    <message>
        <source>Link figures kept from {when}; --fresh measures again.</source>
        <translation>Verbindungswerte aus der Messung von {when}; --fresh misst neu.</translation>
    </message>
    <message>
        <source>ssh with {cipher} measured {probed} MB/s, the race moved {raced} MB/s: figure corrected.</source>
        <translation>Für ssh mit {cipher} wurden {probed} MB/s gemessen, im Vergleich wurden {raced} MB/s übertragen: Wert korrigiert.</translation>
    </message>
    <message>
        <source>raw TCP measured {probed} MB/s, the race moved {raced} MB/s: figure corrected.</source>
        <translation>Für reines TCP wurden {probed} MB/s gemessen, im Vergleich wurden {raced} MB/s übertragen: Wert korrigiert.</translation>
    </message>
    <message>
        <source>the destination disk measured {probed} MB/s, the race wrote {raced} MB/s: figure corrected.</source>
        <translation>Für die Zielfestplatte wurden {probed} MB/s gemessen, im Vergleich wurden {raced} MB/s geschrieben: Wert korrigiert.</translation>
    </message>
    <message>
        <source>CPU per MB on the host, each method&apos;s own processes (measured in the race): {costs}.</source>
        <translation>CPU-Zeit pro MB auf dem Host für die eigenen Prozesse jeder Methode (im Vergleich gemessen): {costs}.</translation>
    </message>
    <message>
        <source>the speed of {cipher}</source>
        <translation>die Geschwindigkeit von {cipher}</translation>
    </message>
    <message>
        <source>the speed of the default cipher</source>
        <translation>die Geschwindigkeit der Standardverschlüsselung</translation>
    </message>
    <message>
        <source>how well {codec} compresses these files</source>
        <translation>wie gut {codec} diese Dateien komprimiert</translation>
    </message>
    <message>
        <source>the round-trip time</source>
        <translation>die Umlaufzeit</translation>
    </message>
    <message>
        <source>the raw network speed</source>
        <translation>die reine Netzwerkgeschwindigkeit</translation>
    </message>
    <message>
        <source>ssh encryption speed</source>
        <translation>die Geschwindigkeit der ssh-Verschlüsselung</translation>
    </message>
    <message>
        <source>the remote CPU</source>
        <translation>die CPU der Gegenseite</translation>
    </message>
    <message>
        <source>this computer&apos;s disk</source>
        <translation>die Festplatte dieses Computers</translation>
    </message>
    <message>
        <source>the destination disk</source>
        <translation>die Zielfestplatte</translation>
    </message>
    <message>
        <source>the remote disk</source>
        <translation>die Festplatte der Gegenseite</translation>
    </message>
    <message>
        <source>how fast this computer reads the files</source>
        <translation>wie schnell dieser Computer die Dateien liest</translation>
    </message>
    <message>
        <source>how well the files compress</source>
        <translation>wie gut sich die Dateien komprimieren lassen</translation>
    </message>
    <message>
        <source>both computers have AES instructions, so the copy uses {cipher}; the race times it on the selection itself</source>
        <translation>beide Computer haben AES-Befehle, daher verwendet die Kopie {cipher}; der Vergleich misst es an der Auswahl selbst</translation>
    </message>
    <message numerus="yes">
        <source>Raw TCP {way} was measured on %n connection(s) at once ({every} in all): each was held by its buffers over the round trip, so one alone moves {one}.</source>
        <translation>
            <numerusform>Reines TCP ({way}) wurde auf %n Verbindung gleichzeitig gemessen ({every} insgesamt): Sie wurde während der Umlaufzeit von ihren Puffern gebremst, daher überträgt eine allein {one}.</numerusform>
            <numerusform>Reines TCP ({way}) wurde auf %n Verbindungen gleichzeitig gemessen ({every} insgesamt): Jede wurde während der Umlaufzeit von ihren Puffern gebremst, daher überträgt eine allein {one}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Raw TCP {way} was measured on %n connection(s) at once ({every} in all): none was held by its buffers, so one alone fills that ({one}).</source>
        <translation>
            <numerusform>Reines TCP ({way}) wurde auf %n Verbindung gleichzeitig gemessen ({every} insgesamt): Sie wurde nicht von ihren Puffern gebremst, daher schöpft eine allein das aus ({one}).</numerusform>
            <numerusform>Reines TCP ({way}) wurde auf %n Verbindungen gleichzeitig gemessen ({every} insgesamt): Keine wurde von ihren Puffern gebremst, daher schöpft eine allein das aus ({one}).</numerusform>
        </translation>
    </message>
    <message>
        <source>The cost of each file talking SFTP is estimated from the round trip ({rtt}), not measured: on this link its round trips are nearly all of it.</source>
        <translation>Die Kosten je Datei über SFTP sind aus der Umlaufzeit ({rtt}) geschätzt, nicht gemessen: Auf dieser Verbindung machen ihre Umläufe fast alles davon aus.</translation>
    </message>
    <message numerus="yes">
        <source>not needed for %n file(s)</source>
        <translation>
            <numerusform>nicht nötig bei %n Datei</numerusform>
            <numerusform>nicht nötig bei %n Dateien</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QueuePanelWords</name>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Copy queue</source>
        <translation>Kopierwarteschlange</translation>
    </message>
    <message>
        <source>Delete removes a waiting copy; Ctrl+Up and Ctrl+Down move it.</source>
        <translation>Entf entfernt eine wartende Kopie; Strg+Pfeil nach oben und Strg+Pfeil nach unten verschieben sie.</translation>
    </message>
    <message>
        <source>Move up</source>
        <translation>Nach oben</translation>
    </message>
    <message>
        <source>Move up (Ctrl+Up)</source>
        <translation>Nach oben (Strg+Pfeil nach oben)</translation>
    </message>
    <message>
        <source>Move down</source>
        <translation>Nach unten</translation>
    </message>
    <message>
        <source>Move down (Ctrl+Down)</source>
        <translation>Nach unten (Strg+Pfeil nach unten)</translation>
    </message>
    <message>
        <source>Remove this copy from the queue</source>
        <translation>Diese Kopie aus der Warteschlange entfernen</translation>
    </message>
    <message>
        <source>Remove this copy from the queue, or cancel it if it runs</source>
        <translation>Diese Kopie aus der Warteschlange entfernen oder, wenn sie läuft, abbrechen</translation>
    </message>
    <message>
        <source>Start the &amp;queue</source>
        <translation>&amp;Warteschlange starten</translation>
    </message>
    <message>
        <source>Go on with the waiting copies, in the order shown.</source>
        <translation>Mit den wartenden Kopien in der angezeigten Reihenfolge fortfahren.</translation>
    </message>
</context>
<context>
    <name>RaceChartWords</name>
    <message>
        <source>Then the best methods race: each copies your files for a few seconds into a scratch folder that is removed afterwards, drawn here live.</source>
        <translation>Dann treten die besten Methoden gegeneinander an: Jede kopiert Ihre Dateien einige Sekunden lang in einen temporären Ordner, der danach entfernt wird – hier live gezeichnet.</translation>
    </message>
    <message>
        <source>seconds since the method started</source>
        <translation>Sekunden seit dem Start der Methode</translation>
    </message>
    <message>
        <source>Race chart</source>
        <translation>Vergleichsdiagramm</translation>
    </message>
    <message>
        <source>The race starts when the measurements are done.</source>
        <translation>Der Vergleich beginnt, wenn die Messungen fertig sind.</translation>
    </message>
    <message>
        <source>Racing {method}…</source>
        <translation>Vergleichslauf mit {method}…</translation>
    </message>
    <message>
        <source>{rate} measured</source>
        <translation>{rate} gemessen</translation>
    </message>
    <message>
        <source>not raced</source>
        <translation>nicht verglichen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>all in {time}</source>
        <translation>alles in {time}</translation>
    </message>
</context>
<context>
    <name>RecommendationWords</name>
    <message>
        <source>&amp;View the commands</source>
        <translation>Befehle ans&amp;chauen</translation>
    </message>
    <message>
        <source>Copy the whole selection with the chosen method, then check the far side.</source>
        <translation>Die ganze Auswahl mit der gewählten Methode kopieren und danach die Gegenseite prüfen.</translation>
    </message>
    <message>
        <source>Add the selection as it is now to the queue: it is copied with the chosen method when the copies before it are done.</source>
        <translation>Die Auswahl in ihrem jetzigen Stand zur Warteschlange hinzufügen: Sie wird mit der gewählten Methode kopiert, sobald die Kopien davor fertig sind.</translation>
    </message>
    <message>
        <source>SECURE</source>
        <translation>SICHER</translation>
    </message>
    <message>
        <source>UNENCRYPTED</source>
        <translation>UNVERSCHLÜSSELT</translation>
    </message>
    <message>
        <source>Shell command</source>
        <translation>Shell-Befehl</translation>
    </message>
    <message>
        <source>Copy co&amp;mmand</source>
        <translation>Befehl &amp;kopieren</translation>
    </message>
    <message>
        <source>Co&amp;py command</source>
        <translation>Befehl ko&amp;pieren</translation>
    </message>
    <message>
        <source>Put this command on the clipboard, to run the same copy in a terminal or a script.</source>
        <translation>Diesen Befehl in die Zwischenablage legen, um dieselbe Kopie in einem Terminal oder Skript auszuführen.</translation>
    </message>
    <message>
        <source>Secure: {what}, {how}</source>
        <translation>Sicher: {what}, {how}</translation>
    </message>
    <message>
        <source>Unencrypted: {what}, {how}</source>
        <translation>Unverschlüsselt: {what}, {how}</translation>
    </message>
    <message>
        <source>{methods} and {last}: {why}</source>
        <translation>{methods} und {last}: {why}</translation>
    </message>
    <message>
        <source>Not possible here: {reasons}.</source>
        <translation>Hier nicht möglich: {reasons}.</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>Empfehlung</translation>
    </message>
    <message>
        <source>The fastest secure way to copy your files appears here, with the reason and the command to do the same by hand.</source>
        <translation>Hier erscheint der schnellste sichere Weg, Ihre Dateien zu kopieren, mit der Begründung und dem Befehl, um dasselbe von Hand zu tun.</translation>
    </message>
    <message>
        <source>Why each of the other methods cannot run with this host and these files</source>
        <translation>Warum jede der anderen Methoden mit diesem Host und diesen Dateien nicht laufen kann</translation>
    </message>
    <message>
        <source>Copy &amp;now</source>
        <translation>&amp;Jetzt kopieren</translation>
    </message>
    <message>
        <source>The shell command of each recommendation: the same copy by hand, in a terminal or a script.</source>
        <translation>Der Shell-Befehl jeder Empfehlung: dieselbe Kopie von Hand, in einem Terminal oder Skript.</translation>
    </message>
    <message numerus="yes">
        <source>Why not the other %n method(s)?</source>
        <translation>
            <numerusform>Warum nicht die andere Methode?</numerusform>
            <numerusform>Warum nicht die %n anderen Methoden?</numerusform>
        </translation>
    </message>
    <message>
        <source>Copy &amp;next</source>
        <translation>Zum Kopieren &amp;vormerken</translation>
    </message>
</context>
<context>
    <name>RemoteBrowserWords</name>
    <message>
        <source>Choose what to fetch from {host}</source>
        <translation>Auswählen, was von {host} geholt werden soll</translation>
    </message>
    <message>
        <source>Choose a folder on {host}</source>
        <translation>Ordner auf {host} auswählen</translation>
    </message>
    <message>
        <source>Folder on the host</source>
        <translation>Ordner auf dem Host</translation>
    </message>
    <message>
        <source>&amp;Up</source>
        <translation>&amp;Nach oben</translation>
    </message>
    <message>
        <source>Go to the folder above</source>
        <translation>Zum übergeordneten Ordner wechseln</translation>
    </message>
    <message>
        <source>&amp;Home</source>
        <translation>&amp;Persönlicher Ordner</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>&amp;Ordner:</translation>
    </message>
    <message>
        <source>Folder contents</source>
        <translation>Ordnerinhalt</translation>
    </message>
    <message>
        <source>&amp;Add selected</source>
        <translation>Ausgewählte hin&amp;zufügen</translation>
    </message>
    <message>
        <source>&amp;Choose this folder</source>
        <translation>Diesen Ordner &amp;wählen</translation>
    </message>
    <message>
        <source>Reading the folder…</source>
        <translation>Ordner wird gelesen…</translation>
    </message>
    <message>
        <source>Listing a folder on the host</source>
        <translation>Das Auflisten eines Ordners auf dem Host</translation>
    </message>
    <message>
        <source>Select files and folders, then Add selected.</source>
        <translation>Wählen Sie Dateien und Ordner aus, dann „Ausgewählte hinzufügen“.</translation>
    </message>
    <message>
        <source>Open a folder with a double-click; the files go into the folder shown above.</source>
        <translation>Öffnen Sie einen Ordner per Doppelklick; die Dateien kommen in den oben angezeigten Ordner.</translation>
    </message>
    <message>
        <source>Or drag them to a folder of your file manager, which fetches them itself over SFTP.</source>
        <translation>Oder ziehen Sie sie in einen Ordner Ihres Dateimanagers, der sie selbst über SFTP holt.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln folder(s)</source>
        <translation>
            <numerusform>%Ln Ordner</numerusform>
            <numerusform>%Ln Ordner</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s)</source>
        <translation>
            <numerusform>%Ln Datei</numerusform>
            <numerusform>%Ln Dateien</numerusform>
        </translation>
    </message>
    <message>
        <source>Select at least one file or folder first.</source>
        <translation>Wählen Sie zuerst mindestens eine Datei oder einen Ordner aus.</translation>
    </message>
</context>
<context>
    <name>SelectionCheckWords</name>
    <message>
        <source>a file</source>
        <translation>eine Datei</translation>
    </message>
    <message>
        <source>a dir</source>
        <translation>ein Ordner</translation>
    </message>
    <message>
        <source>a link</source>
        <translation>ein symbolischer Link</translation>
    </message>
    <message>
        <source>a {kind}</source>
        <translation>vom Typ „{kind}“</translation>
    </message>
    <message>
        <source>missing: {path}</source>
        <translation>fehlt: {path}</translation>
    </message>
    <message>
        <source>{path} is {found}, expected {kind}</source>
        <translation>{path} ist {found}, erwartet war {kind}</translation>
    </message>
    <message>
        <source>{path} points to {target}, expected {expected}</source>
        <translation>{path} zeigt auf {target}, erwartet war {expected}</translation>
    </message>
    <message>
        <source>{path} has {found} bytes, expected {expected}</source>
        <translation>{path} hat {found} Bytes, erwartet waren {expected}</translation>
    </message>
</context>
<context>
    <name>SelectionErrors</name>
    <message>
        <source>{path} does not exist; check the path.</source>
        <translation>{path} existiert nicht; prüfen Sie den Pfad.</translation>
    </message>
    <message>
        <source>{path} cannot be read (permission denied); check its permissions.</source>
        <translation>{path} kann nicht gelesen werden (Zugriff verweigert); prüfen Sie die Berechtigungen.</translation>
    </message>
    <message>
        <source>{path} cannot be read ({reason}); check its permissions.</source>
        <translation>{path} kann nicht gelesen werden ({reason}); prüfen Sie die Berechtigungen.</translation>
    </message>
    <message>
        <source>{path} does not exist on the remote side; check the path.</source>
        <translation>{path} existiert auf der Gegenseite nicht; prüfen Sie den Pfad.</translation>
    </message>
    <message>
        <source>{path} cannot be read on the remote side ({reason}).</source>
        <translation>{path} kann auf der Gegenseite nicht gelesen werden ({reason}).</translation>
    </message>
    <message>
        <source>{path} cannot be listed on the remote side ({reason}).</source>
        <translation>Der Inhalt von {path} kann auf der Gegenseite nicht aufgelistet werden ({reason}).</translation>
    </message>
    <message>
        <source>Listing {paths} on {host} failed; check that it can be read.</source>
        <translation>Das Auflisten von {paths} auf {host} ist fehlgeschlagen; prüfen Sie, ob es gelesen werden kann.</translation>
    </message>
    <message>
        <source>A source resolves to a filesystem root or &apos;..&apos;; name the folder to copy.</source>
        <translation>Eine Quelle verweist auf die Wurzel eines Dateisystems oder auf „..“; geben Sie den Ordner an, der kopiert werden soll.</translation>
    </message>
    <message>
        <source>{name} is one of Transfer Advisor&apos;s own working folders; copy what is inside it instead, or rename it.</source>
        <translation>{name} ist einer der Arbeitsordner von Transfer Advisor; kopieren Sie stattdessen seinen Inhalt oder benennen Sie ihn um.</translation>
    </message>
    <message>
        <source>Two sources are both named {name} and would land on the same place; copy them in separate runs or rename one.</source>
        <translation>Zwei Quellen heißen beide {name} und würden am selben Ort landen; kopieren Sie sie in getrennten Durchläufen oder benennen Sie eine um.</translation>
    </message>
</context>
<context>
    <name>SelectionPanelWords</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Drop files or folders here</source>
        <translation>Dateien oder Ordner hierher ziehen</translation>
    </message>
    <message>
        <source>2 · Files</source>
        <translation>2 · Dateien</translation>
    </message>
    <message>
        <source>&amp;Upload to the host</source>
        <translation>Zum Host hoch&amp;laden</translation>
    </message>
    <message>
        <source>Do&amp;wnload from the host</source>
        <translation>Vom Host he&amp;runterladen</translation>
    </message>
    <message>
        <source>Send files from this computer to the host.</source>
        <translation>Dateien von diesem Computer an den Host senden.</translation>
    </message>
    <message>
        <source>Fetch files from the host to this computer.</source>
        <translation>Dateien vom Host auf diesen Computer holen.</translation>
    </message>
    <message>
        <source>Files to copy</source>
        <translation>Zu kopierende Dateien</translation>
    </message>
    <message>
        <source>Add f&amp;iles…</source>
        <translation>Date&amp;ien hinzufügen…</translation>
    </message>
    <message>
        <source>Add fold&amp;er…</source>
        <translation>Ordn&amp;er hinzufügen…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>Ent&amp;fernen</translation>
    </message>
    <message>
        <source>Take the selected items off the list (nothing is deleted).</source>
        <translation>Die ausgewählten Elemente von der Liste nehmen (es wird nichts gelöscht).</translation>
    </message>
    <message>
        <source>folder on the host</source>
        <translation>Ordner auf dem Host</translation>
    </message>
    <message>
        <source>&amp;Destination:</source>
        <translation>&amp;Ziel:</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>D&amp;urchsuchen…</translation>
    </message>
    <message>
        <source>Ma&amp;ke the destination match</source>
        <translation>Ziel &amp;angleichen</translation>
    </message>
    <message>
        <source>After the copy is in place and checked, what the copied folders hold at the destination that the selection does not have is deleted. You see the list and confirm before anything is copied or deleted.</source>
        <translation>Sobald die Kopie vollständig und geprüft ist, wird gelöscht, was die kopierten Ordner am Ziel enthalten, die Auswahl aber nicht. Sie sehen die Liste und bestätigen, bevor etwas kopiert oder gelöscht wird.</translation>
    </message>
    <message>
        <source>Deletes files there that are not in the selection; you confirm the list first.</source>
        <translation>Löscht dort Dateien, die nicht in der Auswahl sind; Sie bestätigen die Liste vorher.</translation>
    </message>
    <message>
        <source>Add the files or folders to copy.</source>
        <translation>Fügen Sie die zu kopierenden Dateien oder Ordner hinzu.</translation>
    </message>
    <message>
        <source>Add the files or folders to fetch.</source>
        <translation>Fügen Sie die zu holenden Dateien oder Ordner hinzu.</translation>
    </message>
    <message>
        <source>Choose the destination folder.</source>
        <translation>Wählen Sie den Zielordner.</translation>
    </message>
    <message>
        <source>Measuring the selection</source>
        <translation>Das Messen der Auswahl</translation>
    </message>
    <message>
        <source>Nothing selected yet.</source>
        <translation>Noch nichts ausgewählt.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln item(s)</source>
        <translation>
            <numerusform>%Ln Element</numerusform>
            <numerusform>%Ln Elemente</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s)</source>
        <translation>
            <numerusform>%Ln Datei</numerusform>
            <numerusform>%Ln Dateien</numerusform>
        </translation>
    </message>
    <message>
        <source>{line} so far (measuring…)</source>
        <translation>{line} bisher (wird gemessen…)</translation>
    </message>
    <message>
        <source>Add files to copy</source>
        <translation>Zu kopierende Dateien hinzufügen</translation>
    </message>
    <message>
        <source>Add a folder to copy</source>
        <translation>Zu kopierenden Ordner hinzufügen</translation>
    </message>
    <message>
        <source>Copy into this folder</source>
        <translation>In diesen Ordner kopieren</translation>
    </message>
    <message>
        <source>Add files or folders from the host with the button below</source>
        <translation>Fügen Sie mit der Schaltfläche unten Dateien oder Ordner vom Host hinzu</translation>
    </message>
    <message>
        <source>Add f&amp;iles or folders…</source>
        <translation>Date&amp;ien oder Ordner hinzufügen…</translation>
    </message>
    <message>
        <source>Choose files or folders on the host to fetch.</source>
        <translation>Dateien oder Ordner auf dem Host auswählen, die geholt werden sollen.</translation>
    </message>
    <message>
        <source>folder on this computer</source>
        <translation>Ordner auf diesem Computer</translation>
    </message>
    <message>
        <source>Choose the folder on this computer to copy into.</source>
        <translation>Den Ordner auf diesem Computer auswählen, in den kopiert wird.</translation>
    </message>
    <message>
        <source>Drop files or folders here, or add them with the buttons below</source>
        <translation>Dateien oder Ordner hierher ziehen oder mit den Schaltflächen unten hinzufügen</translation>
    </message>
    <message>
        <source>Choose files on this computer to send.</source>
        <translation>Dateien auf diesem Computer auswählen, die gesendet werden sollen.</translation>
    </message>
    <message>
        <source>Look through the host&apos;s folders and choose where the files go.</source>
        <translation>Die Ordner des Hosts durchsuchen und auswählen, wohin die Dateien kommen.</translation>
    </message>
    <message>
        <source>Choose a folder on this computer to send, with everything in it.</source>
        <translation>Einen Ordner auf diesem Computer mit seinem gesamten Inhalt zum Senden auswählen.</translation>
    </message>
</context>
<context>
    <name>ServiceWords</name>
    <message>
        <source>FTP with TLS (FTPS)</source>
        <translation>FTP mit TLS (FTPS)</translation>
    </message>
    <message>
        <source>FTP (unencrypted)</source>
        <translation>FTP (unverschlüsselt)</translation>
    </message>
    <message>
        <source>an rsync service ({modules})</source>
        <translation>einen rsync-Dienst ({modules})</translation>
    </message>
    <message>
        <source>an rsync service</source>
        <translation>einen rsync-Dienst</translation>
    </message>
    <message>
        <source>SMB (Windows file sharing)</source>
        <translation>SMB (Windows-Dateifreigabe)</translation>
    </message>
    <message>
        <source>NFS</source>
        <translation>NFS</translation>
    </message>
    <message>
        <source>Also serves {services}.</source>
        <translation>Bietet außerdem {services}.</translation>
    </message>
    <message>
        <source>SMB, by the file manager</source>
        <translation>SMB, über den Dateimanager</translation>
    </message>
    <message>
        <source>SFTP, by the file manager</source>
        <translation>SFTP, über den Dateimanager</translation>
    </message>
    <message>
        <source>FTP, by the file manager</source>
        <translation>FTP, über den Dateimanager</translation>
    </message>
    <message>
        <source>NFS, by the file manager</source>
        <translation>NFS, über den Dateimanager</translation>
    </message>
    <message>
        <source>{path} ({kind}, encrypted)</source>
        <translation>{path} ({kind}, verschlüsselt)</translation>
    </message>
    <message>
        <source>{path} ({kind}, unencrypted)</source>
        <translation>{path} ({kind}, unverschlüsselt)</translation>
    </message>
    <message>
        <source>{mount}: the host&apos;s {folder}, only to fetch from (what it writes belongs to another user of the host than the login)</source>
        <translation>{mount}: {folder} auf dem Host, nur zum Holen (was sie schreibt, gehört einem anderen Benutzer des Hosts als der Anmeldung)</translation>
    </message>
    <message>
        <source>{mount}: the host&apos;s {folder}</source>
        <translation>{mount}: {folder} auf dem Host</translation>
    </message>
    <message>
        <source>{mount}: not used for copies, {why}</source>
        <translation>{mount}: nicht für Kopien verwendet, {why}</translation>
    </message>
    <message>
        <source>Mounted here: {mounts}.</source>
        <translation>Hier eingehängt: {mounts}.</translation>
    </message>
    <message>
        <source>as it does not show the host&apos;s folder its name gives</source>
        <translation>da sie nicht den Ordner des Hosts zeigt, den ihr Name angibt</translation>
    </message>
    <message>
        <source>as the host&apos;s folder it names could not be read</source>
        <translation>da der Ordner des Hosts, den sie nennt, nicht gelesen werden konnte</translation>
    </message>
    <message>
        <source>as which folder of the host it shows is not known</source>
        <translation>da nicht bekannt ist, welchen Ordner des Hosts sie zeigt</translation>
    </message>
    <message>
        <source>module {module}, the host&apos;s {folder}</source>
        <translation>Modul {module}, {folder} auf dem Host</translation>
    </message>
    <message>
        <source>{module}, not used</source>
        <translation>{module}, nicht verwendet</translation>
    </message>
    <message>
        <source>{module}, only to fetch from (a file written through it is not this account&apos;s own, or it takes no writes)</source>
        <translation>{module}, nur zum Holen (eine darüber geschriebene Datei gehört nicht diesem Konto, oder es nimmt nichts an)</translation>
    </message>
    <message>
        <source>Its rsync service: {modules}.</source>
        <translation>Sein rsync-Dienst: {modules}.</translation>
    </message>
    <message>
        <source>with TLS</source>
        <translation>mit TLS</translation>
    </message>
    <message>
        <source>in clear</source>
        <translation>im Klartext</translation>
    </message>
    <message>
        <source>{how}, not used</source>
        <translation>{how}, nicht verwendet</translation>
    </message>
    <message>
        <source>{how}, the host&apos;s {folder} shown as {ftp_folder}</source>
        <translation>{how}, {folder} des Hosts gezeigt als {ftp_folder}</translation>
    </message>
    <message>
        <source>(certificate SHA-256 {fingerprint}, checked on the host over ssh)</source>
        <translation>(Zertifikat SHA-256 {fingerprint}, auf dem Host über ssh geprüft)</translation>
    </message>
    <message>
        <source>taking no uploads of this account&apos;s</source>
        <translation>nimmt keine Uploads dieses Kontos an</translation>
    </message>
    <message>
        <source>Its FTP service: {ways}.</source>
        <translation>Sein FTP-Dienst: {ways}.</translation>
    </message>
    <message>
        <source>encrypted</source>
        <translation>verschlüsselt</translation>
    </message>
    <message>
        <source>unencrypted</source>
        <translation>unverschlüsselt</translation>
    </message>
    <message>
        <source>{how}, the host&apos;s {folder} as {path} in the share {share}</source>
        <translation>{how}, {folder} des Hosts als {path} in der Freigabe {share}</translation>
    </message>
    <message>
        <source>{how}, the host&apos;s {folder} as the share {share}</source>
        <translation>{how}, {folder} des Hosts als die Freigabe {share}</translation>
    </message>
    <message>
        <source>Its SMB service: {ways}.</source>
        <translation>Sein SMB-Dienst: {ways}.</translation>
    </message>
    <message>
        <source>not used</source>
        <translation>nicht verwendet</translation>
    </message>
    <message>
        <source>the host&apos;s {folder}, as user {uid} group {gid}</source>
        <translation>{folder} des Hosts, als Benutzer {uid}, Gruppe {gid}</translation>
    </message>
    <message>
        <source>Its NFS service (NFSv3, unencrypted): {ways}.</source>
        <translation>Sein NFS-Dienst (NFSv3, unverschlüsselt): {ways}.</translation>
    </message>
    <message>
        <source>The rsync service of {host} asks for the password of {user} for its module {module} (it is not sent in clear; the files are, as you allowed unencrypted methods). Cancel to copy without this service:</source>
        <translation>Der rsync-Dienst von {host} fragt nach dem Passwort von {user} für sein Modul {module} (es wird nicht im Klartext gesendet; die Dateien schon, da Sie unverschlüsselte Methoden erlaubt haben). Abbrechen, um ohne diesen Dienst zu kopieren:</translation>
    </message>
    <message>
        <source>The FTP service of {host} asks for the password of {user} (with TLS where it offers it; in clear where you allowed unencrypted methods). Cancel to copy without this service:</source>
        <translation>Der FTP-Dienst von {host} fragt nach dem Passwort von {user} (mit TLS, wo er es anbietet; im Klartext, wo Sie unverschlüsselte Methoden erlaubt haben). Abbrechen, um ohne diesen Dienst zu kopieren:</translation>
    </message>
    <message>
        <source>Password of {user} for the FTP service of {host} (Enter to copy without this service): </source>
        <translation>Passwort von {user} für den FTP-Dienst von {host} (Eingabetaste, um ohne diesen Dienst zu kopieren): </translation>
    </message>
    <message>
        <source>The SMB shares of {host} ask for the password of {user} (it is not sent: SMB proves it, and the encryption&apos;s keys come from it). Cancel to copy without them:</source>
        <translation>Die SMB-Freigaben von {host} fragen nach dem Passwort von {user} (es wird nicht gesendet: SMB beweist es, und die Schlüssel der Verschlüsselung kommen daraus). Abbrechen, um ohne sie zu kopieren:</translation>
    </message>
    <message>
        <source>Password of {user} for the SMB shares of {host} (Enter to copy without them): </source>
        <translation>Passwort von {user} für die SMB-Freigaben von {host} (Eingabetaste, um ohne sie zu kopieren): </translation>
    </message>
    <message>
        <source>Password of {user} for the module {module} of the rsync service of {host} (not sent in clear; the files are; Enter to copy without this service): </source>
        <translation>Passwort von {user} für das Modul {module} des rsync-Dienstes von {host} (wird nicht im Klartext gesendet, die Dateien schon; Eingabetaste, um ohne diesen Dienst zu kopieren): </translation>
    </message>
</context>
<context>
    <name>SettingsWords</name>
    <message>
        <source>Like the system</source>
        <translation>Wie das System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Offer &amp;unencrypted methods (tar over netcat, rsync daemon) for hosts on my local network</source>
        <translation>&amp;Unverschlüsselte Methoden (tar über netcat, rsync-Daemon) für Hosts in meinem lokalen Netzwerk anbieten</translation>
    </message>
    <message>
        <source>Unencrypted methods skip ssh&apos;s encryption, which a weak NAS processor cannot do quickly. Anyone on the network could read or change the files in transit, so they are offered only for hosts with a private, loopback or link-local address.</source>
        <translation>Unverschlüsselte Methoden lassen die Verschlüsselung von ssh weg, die ein schwacher NAS-Prozessor nicht schnell leisten kann. Jeder im Netzwerk könnte die Dateien unterwegs lesen oder ändern, daher werden sie nur für Hosts mit privater, Loopback- oder Link-Local-Adresse angeboten.</translation>
    </message>
    <message>
        <source>Security</source>
        <translation>Sicherheit</translation>
    </message>
    <message>
        <source>Off by default. Even when on, hosts outside your local network never get unencrypted methods.</source>
        <translation>Standardmäßig aus. Auch wenn eingeschaltet, erhalten Hosts außerhalb Ihres lokalen Netzwerks nie unverschlüsselte Methoden.</translation>
    </message>
    <message>
        <source>After a copy with an unencrypted method the contents are compared whichever is chosen here, where both sides have a hash tool: nothing guarded them on the way.</source>
        <translation>Nach einer Kopie mit einer unverschlüsselten Methode werden die Inhalte verglichen, gleich was hier gewählt ist, sofern beide Seiten ein Hash-Werkzeug haben: Unterwegs hat sie nichts geschützt.</translation>
    </message>
    <message>
        <source> s per method</source>
        <translation> s je Methode</translation>
    </message>
    <message numerus="yes">
        <source> method(s)</source>
        <translation>
            <numerusform> Methode</numerusform>
            <numerusform> Methoden</numerusform>
        </translation>
    </message>
    <message>
        <source> s without data</source>
        <translation> s ohne Daten</translation>
    </message>
    <message>
        <source>A copy whose data stops moving this long (Wi-Fi gone, the NAS restarting) is stopped and offered to resume, instead of waiting for good.</source>
        <translation>Eine Kopie, deren Daten so lange stillstehen (WLAN weg, NAS startet neu), wird angehalten und zum Fortsetzen angeboten, statt endlos zu warten.</translation>
    </message>
    <message>
        <source>C&amp;hange…</source>
        <translation>Ä&amp;ndern…</translation>
    </message>
    <message>
        <source>Move the settings, hosts, history, profiles and crash log to another folder.</source>
        <translation>Die Einstellungen, Hosts, den Verlauf, die Profile und das Absturzprotokoll in einen anderen Ordner verschieben.</translation>
    </message>
    <message>
        <source>Set from outside with {variable} or --config-dir.</source>
        <translation>Von außen festgelegt mit {variable} oder --config-dir.</translation>
    </message>
    <message>
        <source>&amp;Verification:</source>
        <translation>&amp;Prüfung:</translation>
    </message>
    <message>
        <source>&amp;Race length:</source>
        <translation>&amp;Vergleichsdauer:</translation>
    </message>
    <message>
        <source>Methods &amp;in the race:</source>
        <translation>Methoden &amp;im Vergleich:</translation>
    </message>
    <message>
        <source>Link &amp;lost after:</source>
        <translation>Verbindung verl&amp;oren nach:</translation>
    </message>
    <message>
        <source>&amp;Appearance:</source>
        <translation>&amp;Darstellung:</translation>
    </message>
    <message>
        <source>&amp;State folder:</source>
        <translation>D&amp;atenordner:</translation>
    </message>
    <message>
        <source>Settings, hosts, measured profiles, the history and the crash log are kept here.</source>
        <translation>Hier werden Einstellungen, Hosts, gemessene Profile, der Verlauf und das Absturzprotokoll gespeichert.</translation>
    </message>
    <message>
        <source>Keep Transfer Advisor&apos;s state in this folder</source>
        <translation>Die Daten von Transfer Advisor in diesem Ordner speichern</translation>
    </message>
    <message>
        <source>This folder already holds state</source>
        <translation>Dieser Ordner enthält bereits Daten</translation>
    </message>
    <message>
        <source>{folder} already holds Transfer Advisor&apos;s settings, hosts and history.</source>
        <translation>{folder} enthält bereits Einstellungen, Hosts und Verlauf von Transfer Advisor.</translation>
    </message>
    <message>
        <source>Use that state as it is, and yours stays in {folder}; or replace it with yours, and the state that folder holds now is deleted.</source>
        <translation>Verwenden Sie diese Daten, wie sie sind, und Ihre bleiben in {folder}; oder ersetzen Sie sie durch Ihre, dann werden die Daten, die dieser Ordner jetzt enthält, gelöscht.</translation>
    </message>
    <message>
        <source>&amp;Use its state</source>
        <translation>Dessen Daten &amp;verwenden</translation>
    </message>
    <message>
        <source>&amp;Replace it with mine</source>
        <translation>Durch meine &amp;ersetzen</translation>
    </message>
    <message>
        <source>On OK, all state moves here and is removed from {folder}.</source>
        <translation>Mit OK werden alle Daten hierher verschoben und aus {folder} entfernt.</translation>
    </message>
    <message>
        <source>On OK, your state replaces the state this folder holds.</source>
        <translation>Mit OK ersetzen Ihre Daten die Daten, die dieser Ordner enthält.</translation>
    </message>
    <message>
        <source>On OK, the state this folder holds is used as it is; yours stays in {folder}.</source>
        <translation>Mit OK werden die Daten dieses Ordners verwendet, wie sie sind; Ihre bleiben in {folder}.</translation>
    </message>
    <message>
        <source>Old files left behind</source>
        <translation>Alte Dateien zurückgeblieben</translation>
    </message>
    <message numerus="yes">
        <source>The state is now kept in {folder}, but %Ln old file(s) could not be removed; delete them by hand when you like.</source>
        <translation>
            <numerusform>Die Daten liegen jetzt in {folder}, aber %Ln alte Datei konnte nicht entfernt werden; löschen Sie sie bei Gelegenheit von Hand.</numerusform>
            <numerusform>Die Daten liegen jetzt in {folder}, aber %Ln alte Dateien konnten nicht entfernt werden; löschen Sie sie bei Gelegenheit von Hand.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StartWords</name>
    <message>
        <source>no display was found (DISPLAY and WAYLAND_DISPLAY are unset); start it in a desktop session, or use the commands (`transfer-advisor --help`).</source>
        <translation>es wurde keine Anzeige gefunden (DISPLAY und WAYLAND_DISPLAY sind nicht gesetzt); starten Sie das Programm in einer Desktop-Sitzung oder verwenden Sie die Befehle (`transfer-advisor --help`).</translation>
    </message>
</context>
<context>
    <name>StateFolderWords</name>
    <message>
        <source>{target} is a file; choose a folder.</source>
        <translation>{target} ist eine Datei; wählen Sie einen Ordner.</translation>
    </message>
    <message>
        <source>The state is kept in {target} already; choose another folder to move it.</source>
        <translation>Die Daten liegen bereits in {target}; wählen Sie einen anderen Ordner, um sie zu verschieben.</translation>
    </message>
    <message>
        <source>{foreign} is not Transfer Advisor&apos;s, so {target} cannot hold its state; choose an empty folder or make a new one.</source>
        <translation>{foreign} gehört nicht zu Transfer Advisor, daher kann {target} die Daten nicht aufnehmen; wählen Sie einen leeren Ordner oder legen Sie einen neuen an.</translation>
    </message>
    <message>
        <source>{target} is inside the folder the state is kept in now ({place}); choose a folder outside it.</source>
        <translation>{target} liegt in dem Ordner, in dem die Daten jetzt gespeichert sind ({place}); wählen Sie einen Ordner außerhalb davon.</translation>
    </message>
    <message>
        <source>The state is kept in {place} now, which is inside {target}; choose a folder that does not hold it.</source>
        <translation>Die Daten liegen jetzt in {place}, einem Ordner innerhalb von {target}; wählen Sie einen Ordner, der ihn nicht enthält.</translation>
    </message>
    <message>
        <source>{target} already holds Transfer Advisor&apos;s state; use it as it is, or replace it.</source>
        <translation>{target} enthält bereits Daten von Transfer Advisor; verwenden Sie sie, wie sie sind, oder ersetzen Sie sie.</translation>
    </message>
    <message>
        <source>nothing was moved and the state stays in {was}</source>
        <translation>es wurde nichts verschoben, die Daten bleiben in {was}</translation>
    </message>
    <message>
        <source>nothing was changed</source>
        <translation>es wurde nichts geändert</translation>
    </message>
    <message>
        <source>{target} has no room for the state, so {stays}; free some space there or choose another folder.</source>
        <translation>In {target} ist kein Platz für die Daten – {stays}; schaffen Sie dort Platz oder wählen Sie einen anderen Ordner.</translation>
    </message>
    <message>
        <source>{target} cannot be written, so {stays}; choose a folder you may write to.</source>
        <translation>In {target} kann nicht geschrieben werden – {stays}; wählen Sie einen Ordner, in den Sie schreiben dürfen.</translation>
    </message>
    <message>
        <source>The copy in {target} did not read back the same, so {stays}; check that disk or choose another folder.</source>
        <translation>Die Kopie in {target} ließ sich nicht unverändert zurücklesen – {stays}; prüfen Sie diesen Datenträger oder wählen Sie einen anderen Ordner.</translation>
    </message>
    <message>
        <source>The state could not be copied to {target} ({reason}), so {stays}; choose another folder.</source>
        <translation>Die Daten konnten nicht nach {target} kopiert werden ({reason}) – {stays}; wählen Sie einen anderen Ordner.</translation>
    </message>
</context>
<context>
    <name>StopWords</name>
    <message>
        <source>Stop and quit?</source>
        <translation>Anhalten und beenden?</translation>
    </message>
    <message>
        <source>&amp;Stop and quit</source>
        <translation>&amp;Anhalten und beenden</translation>
    </message>
    <message>
        <source>&amp;Keep going</source>
        <translation>&amp;Weitermachen</translation>
    </message>
</context>
<context>
    <name>TcpProbeWords</name>
    <message>
        <source>the listener did not report what it received</source>
        <translation>das Empfangsprogramm auf dem Host hat nicht gemeldet, was es empfangen hat</translation>
    </message>
    <message>
        <source>no free port was found for the listener</source>
        <translation>für das Empfangsprogramm auf dem Host wurde kein freier Port gefunden</translation>
    </message>
</context>
<context>
    <name>TransferErrors</name>
    <message numerus="yes">
        <source>{names} and %n more</source>
        <translation>
            <numerusform>{names} und %n weiteres</numerusform>
            <numerusform>{names} und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>There is no method &apos;{method}&apos;; choose one of: {methods}.</source>
        <translation>Es gibt keine Methode „{method}“; wählen Sie eine von: {methods}.</translation>
    </message>
    <message>
        <source>{method} {why}; choose one of: {methods}.</source>
        <translation>{method} {why}; wählen Sie eine von: {methods}.</translation>
    </message>
    <message>
        <source>{method} cannot be used here: it {reason}.</source>
        <translation>{method} kann hier nicht verwendet werden, denn die Methode {reason}.</translation>
    </message>
    <message>
        <source>{method} cannot be used here: {reason}; choose another method.</source>
        <translation>{method} kann hier nicht verwendet werden: {reason}; wählen Sie eine andere Methode.</translation>
    </message>
    <message>
        <source>{where} cannot be written; choose a folder you can write to.</source>
        <translation>In {where} kann nicht geschrieben werden; wählen Sie einen Ordner, in den Sie schreiben dürfen.</translation>
    </message>
    <message>
        <source>{where} has {free} free but the selection needs {needed}; free some space or choose another folder.</source>
        <translation>{where} hat {free} frei, aber die Auswahl benötigt {needed}; schaffen Sie Platz oder wählen Sie einen anderen Ordner.</translation>
    </message>
    <message>
        <source>{where} is full; free some space or choose another folder.</source>
        <translation>{where} ist voll; schaffen Sie Platz oder wählen Sie einen anderen Ordner.</translation>
    </message>
    <message>
        <source>Cannot write to {where} ({why}); choose a folder you can write to.</source>
        <translation>In {where} kann nicht geschrieben werden ({why}); wählen Sie einen Ordner, in den Sie schreiben dürfen.</translation>
    </message>
    <message>
        <source>--rsync-module goes with --method rsync-daemon; add it or drop the module.</source>
        <translation>--rsync-module gehört zu --method rsync-daemon; ergänzen Sie diese Option oder lassen Sie das Modul weg.</translation>
    </message>
    <message>
        <source>&apos;{text}&apos; is not an rsync module; write [user@]module as in rsync://host/module.</source>
        <translation>„{text}“ ist kein rsync-Modul; schreiben Sie [user@]module wie in rsync://host/module.</translation>
    </message>
    <message>
        <source>The rsync daemon config {conf} could not be read on {host}; pass its location with --rsyncd-conf.</source>
        <translation>Die Konfiguration des rsync-Daemons {conf} konnte auf {host} nicht gelesen werden; geben Sie ihren Ort mit --rsyncd-conf an.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>The rsync daemon config {conf} on {host} has no module &apos;{name}&apos; (it has: {modules}); check the name or pass --rsyncd-conf.</source>
        <translation>Die Konfiguration des rsync-Daemons {conf} auf {host} hat kein Modul „{name}“ (vorhanden: {modules}); prüfen Sie den Namen oder geben Sie --rsyncd-conf an.</translation>
    </message>
    <message>
        <source>{path} is outside the rsync module &apos;{name}&apos; ({module_path}); choose a path inside it.</source>
        <translation>{path} liegt außerhalb des rsync-Moduls „{name}“ ({module_path}); wählen Sie einen Pfad darin.</translation>
    </message>
    <message>
        <source>Keeping both copies cannot be done through your own rsync daemon (it writes in place); choose --existing skip, replace or newer, or another method.</source>
        <translation>Beide Kopien zu behalten ist über Ihren eigenen rsync-Daemon nicht möglich (er schreibt direkt in die Zieldateien); wählen Sie --existing skip, replace oder newer oder eine andere Methode.</translation>
    </message>
    <message>
        <source>No free port was found for the remote helper; try again.</source>
        <translation>Für den Helfer auf der Gegenseite wurde kein freier Port gefunden; versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The destination ran out of space during the copy; free some space there or choose another folder.</source>
        <translation>Am Ziel ist während des Kopierens der Platz ausgegangen; schaffen Sie dort Platz oder wählen Sie einen anderen Ordner.</translation>
    </message>
    <message>
        <source>The remote side of the copy failed (exit {code}); see the details.</source>
        <translation>Die Gegenseite des Kopiervorgangs ist fehlgeschlagen (Exit-Code {code}); siehe Details.</translation>
    </message>
    <message>
        <source>{host} refused {tool} a file of the copy (access denied); check that your account may write there, or choose another method.</source>
        <translation>{host} hat {tool} eine Datei der Kopie verweigert (Zugriff verweigert); prüfen Sie, ob Ihr Konto dort schreiben darf, oder wählen Sie eine andere Methode.</translation>
    </message>
    <message>
        <source>{tool}&apos;s connection to {host} was lost during the copy; run the copy again to carry on.</source>
        <translation>Die Verbindung von {tool} zu {host} ging während der Kopie verloren; starten Sie die Kopie erneut, um fortzufahren.</translation>
    </message>
    <message>
        <source>{tool} could not copy {count} of the files ({first}); see the details, fix the cause and try again.</source>
        <translation>{tool} konnte {count} der Dateien nicht kopieren ({first}); sehen Sie sich die Details an, beheben Sie die Ursache und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Giving the kept copies their new names at {where} failed.</source>
        <translation>Die behaltenen Kopien konnten in {where} nicht umbenannt werden.</translation>
    </message>
    <message>
        <source>{path} went missing from the staging folder at {where}; run the same copy again.</source>
        <translation>{path} ist aus dem Zwischenordner in {where} verschwunden; führen Sie dieselbe Kopie erneut aus.</translation>
    </message>
    <message>
        <source>Something turned up at {where} while copying ({names}), so nothing was placed; what was copied is kept: run the same copy again to decide about it.</source>
        <translation>In {where} ist während des Kopierens etwas aufgetaucht ({names}), daher wurde nichts an seinen Platz gebracht; das Kopierte bleibt erhalten: Führen Sie dieselbe Kopie erneut aus, um darüber zu entscheiden.</translation>
    </message>
    <message numerus="yes">
        <source>Moving the copy into place at {where} failed at {path} after %n item(s) of {total} were placed; the rest are kept: run the same copy again to place them.</source>
        <translation>
            <numerusform>Das Verschieben der Kopie an ihren Platz in {where} ist bei {path} fehlgeschlagen, nachdem %n von {total} Elementen platziert war; der Rest bleibt erhalten: Führen Sie dieselbe Kopie erneut aus, um ihn zu platzieren.</numerusform>
            <numerusform>Das Verschieben der Kopie an ihren Platz in {where} ist bei {path} fehlgeschlagen, nachdem %n von {total} Elementen platziert waren; der Rest bleibt erhalten: Führen Sie dieselbe Kopie erneut aus, um ihn zu platzieren.</numerusform>
        </translation>
    </message>
    <message>
        <source>Moving the copy into place failed; see the details.</source>
        <translation>Das Verschieben der Kopie an ihren Platz ist fehlgeschlagen; siehe Details.</translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) of the copy are already at {where} and differ ({names}); nothing was copied: add --existing skip, replace, newer or rename (keep both).</source>
        <translation>
            <numerusform>%n Element der Kopie ist bereits in {where} vorhanden und unterscheidet sich ({names}); nichts wurde kopiert: Ergänzen Sie --existing skip, replace, newer oder rename (beide behalten).</numerusform>
            <numerusform>%n Elemente der Kopie sind bereits in {where} vorhanden und unterscheiden sich ({names}); nichts wurde kopiert: Ergänzen Sie --existing skip, replace, newer oder rename (beide behalten).</numerusform>
        </translation>
    </message>
    <message>
        <source>newer there</source>
        <translation>dort neuer</translation>
    </message>
    <message>
        <source>older there</source>
        <translation>dort älter</translation>
    </message>
    <message>
        <source>same time</source>
        <translation>gleiche Zeit</translation>
    </message>
    <message>
        <source>{when}, another size</source>
        <translation>{when}, andere Größe</translation>
    </message>
    <message>
        <source>{path} differs ({how})</source>
        <translation>{path} unterscheidet sich ({how})</translation>
    </message>
    <message>
        <source>{path} is a folder where the copy has a file</source>
        <translation>{path} ist ein Ordner, wo die Kopie eine Datei hat</translation>
    </message>
    <message>
        <source>{path} is a folder where the copy has a link</source>
        <translation>{path} ist ein Ordner, wo die Kopie einen Link hat</translation>
    </message>
    <message>
        <source>{path} is a file where the copy has a folder</source>
        <translation>{path} ist eine Datei, wo die Kopie einen Ordner hat</translation>
    </message>
    <message>
        <source>{path} is a file where the copy has a link</source>
        <translation>{path} ist eine Datei, wo die Kopie einen Link hat</translation>
    </message>
    <message>
        <source>{path} is a link where the copy has a folder</source>
        <translation>{path} ist ein Link, wo die Kopie einen Ordner hat</translation>
    </message>
    <message>
        <source>{path} is a link where the copy has a file</source>
        <translation>{path} ist ein Link, wo die Kopie eine Datei hat</translation>
    </message>
    <message numerus="yes">
        <source>At {where}, {first} (and %n item(s) more like it), which is never replaced; nothing was copied: move it aside, or add --existing skip or rename (keep both).</source>
        <translation>
            <numerusform>In {where}: {first} (und %n weiteres Element dieser Art), was nie ersetzt wird; nichts wurde kopiert: Verschieben Sie es beiseite oder ergänzen Sie --existing skip oder rename (beide behalten).</numerusform>
            <numerusform>In {where}: {first} (und %n weitere Elemente dieser Art), was nie ersetzt wird; nichts wurde kopiert: Verschieben Sie es beiseite oder ergänzen Sie --existing skip oder rename (beide behalten).</numerusform>
        </translation>
    </message>
    <message>
        <source>At {where}, {first}, which is never replaced; nothing was copied: move it aside, or add --existing skip or rename (keep both).</source>
        <translation>In {where}: {first}, was nie ersetzt wird; nichts wurde kopiert: Verschieben Sie es beiseite oder ergänzen Sie --existing skip oder rename (beide behalten).</translation>
    </message>
    <message>
        <source>--mirror makes the destination equal to the selection, which --existing {policy} would not; use --existing replace or --update with it.</source>
        <translation>--mirror macht das Ziel gleich der Auswahl, was --existing {policy} nicht tun würde; verwenden Sie dazu --existing replace oder --update.</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n Datei</numerusform>
            <numerusform>%n Dateien</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) ({files}, {size}): {names}</source>
        <translation>
            <numerusform>%n Element ({files}, {size}): {names}</numerusform>
            <numerusform>%n Elemente ({files}, {size}): {names}</numerusform>
        </translation>
    </message>
    <message>
        <source>Making {where} match would delete {deletions}; nothing was copied or deleted: add --yes-delete to delete them, or --dry-run to list them all.</source>
        <translation>Damit {where} übereinstimmt, müsste Folgendes gelöscht werden: {deletions}; nichts wurde kopiert oder gelöscht: Ergänzen Sie --yes-delete, um es zu löschen, oder --dry-run, um alles aufzulisten.</translation>
    </message>
    <message numerus="yes">
        <source>The copy is in place and verified, but %n item(s) at {where} could not be deleted ({names}); check the permissions there and run the mirror again.</source>
        <translation>
            <numerusform>Die Kopie ist an ihrem Platz und geprüft, aber %n Element in {where} konnte nicht gelöscht werden ({names}); prüfen Sie dort die Berechtigungen und führen Sie die Spiegelung erneut aus.</numerusform>
            <numerusform>Die Kopie ist an ihrem Platz und geprüft, aber %n Elemente in {where} konnten nicht gelöscht werden ({names}); prüfen Sie dort die Berechtigungen und führen Sie die Spiegelung erneut aus.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{problems}; and %n more</source>
        <translation>
            <numerusform>{problems}; und %n weiteres</numerusform>
            <numerusform>{problems}; und %n weitere</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Verification failed: %n item(s) differ(s) at {where}; copy again (with a different method if it repeats).</source>
        <translation>
            <numerusform>Prüfung fehlgeschlagen: %n Element in {where} weicht ab; kopieren Sie erneut (mit einer anderen Methode, falls es sich wiederholt).</numerusform>
            <numerusform>Prüfung fehlgeschlagen: %n Elemente in {where} weichen ab; kopieren Sie erneut (mit einer anderen Methode, falls es sich wiederholt).</numerusform>
        </translation>
    </message>
    <message>
        <source>Hashing the files here with {tool} failed; see the details.</source>
        <translation>Das Berechnen der Prüfsummen hier mit {tool} ist fehlgeschlagen; siehe Details.</translation>
    </message>
    <message>
        <source>Hashing on {host} with {tool} failed.</source>
        <translation>Das Berechnen der Prüfsummen auf {host} mit {tool} ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Verification could not read every hash; copy again and verify.</source>
        <translation>Bei der Prüfung konnten nicht alle Prüfsummen gelesen werden; kopieren Sie erneut und prüfen Sie.</translation>
    </message>
    <message numerus="yes">
        <source>%n local hash(es)</source>
        <translation>
            <numerusform>%n lokale Prüfsumme</numerusform>
            <numerusform>%n lokale Prüfsummen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n remote hash(es)</source>
        <translation>
            <numerusform>%n entfernte Prüfsumme</numerusform>
            <numerusform>%n entfernte Prüfsummen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Verification failed: %n file(s) differ(s) in content; copy again.</source>
        <translation>
            <numerusform>Prüfung fehlgeschlagen: %n Datei weicht im Inhalt ab; kopieren Sie erneut.</numerusform>
            <numerusform>Prüfung fehlgeschlagen: %n Dateien weichen im Inhalt ab; kopieren Sie erneut.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TransferPanelWords</name>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy progress</source>
        <translation>Kopierfortschritt</translation>
    </message>
    <message>
        <source>&amp;Cancel copy</source>
        <translation>Kopier&amp;vorgang abbrechen</translation>
    </message>
    <message>
        <source>Stop the copy. Nothing half-written is left at the destination; copying the same files again carries on where it stopped.</source>
        <translation>Das Kopieren anhalten. Am Ziel bleibt nichts halb Geschriebenes zurück; wenn Sie dieselben Dateien erneut kopieren, geht es dort weiter, wo es aufgehört hat.</translation>
    </message>
    <message>
        <source>Copy speed chart</source>
        <translation>Diagramm der Kopiergeschwindigkeit</translation>
    </message>
    <message>
        <source>Copy speed</source>
        <translation>Kopiergeschwindigkeit</translation>
    </message>
    <message>
        <source>“Copy now” copies everything with the chosen method, shows its progress and checks the far side. A cancelled copy leaves nothing half-written behind.</source>
        <translation>„Jetzt kopieren“ kopiert alles mit der gewählten Methode, zeigt den Fortschritt und prüft die Gegenseite. Ein abgebrochener Kopiervorgang hinterlässt nichts halb Geschriebenes.</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation>{done} von {total}</translation>
    </message>
    <message>
        <source>Done: {what}.</source>
        <translation>Fertig: {what}.</translation>
    </message>
    <message>
        <source>✓ Verified</source>
        <translation>✓ Geprüft</translation>
    </message>
    <message>
        <source>✗ Not verified</source>
        <translation>✗ Nicht geprüft</translation>
    </message>
    <message>
        <source>{mark} at {where}: {how}.</source>
        <translation>{mark} am Ziel {where}: {how}.</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>Cancelling: stopping the tools; what was sent is kept to carry on from…</source>
        <translation>Wird abgebrochen: Die Werkzeuge werden beendet; bereits Gesendetes bleibt erhalten, um später dort weiterzumachen…</translation>
    </message>
</context>
<context>
    <name>TransferWording</name>
    <message>
        <source>Encrypted: safe on any network.</source>
        <translation>Verschlüsselt: sicher in jedem Netzwerk.</translation>
    </message>
    <message>
        <source>Not encrypted: anyone on the network between the two machines can read and change the files. Use only on a network you trust.</source>
        <translation>Nicht verschlüsselt: Jeder im Netzwerk zwischen den beiden Rechnern kann die Dateien lesen und verändern. Nur in einem vertrauenswürdigen Netzwerk verwenden.</translation>
    </message>
    <message numerus="yes">
        <source>The selection&apos;s %n symbolic link(s) arrive(s) as copies of what they point to, not as links.</source>
        <translation>
            <numerusform>Der symbolische Link der Auswahl kommt als Kopie dessen an, worauf er zeigt, nicht als Link.</numerusform>
            <numerusform>Die %n symbolischen Links der Auswahl kommen als Kopien dessen an, worauf sie zeigen, nicht als Links.</numerusform>
        </translation>
    </message>
    <message>
        <source>verified</source>
        <translation>geprüft</translation>
    </message>
    <message>
        <source>verified: sizes</source>
        <translation>geprüft: Größen</translation>
    </message>
    <message>
        <source>verified: contents ({tool})</source>
        <translation>geprüft: Inhalte ({tool})</translation>
    </message>
    <message>
        <source>verified: {how}</source>
        <translation>geprüft: {how}</translation>
    </message>
    <message>
        <source>Reading the selection…</source>
        <translation>Auswahl wird gelesen…</translation>
    </message>
    <message>
        <source>Looking at what is already there…</source>
        <translation>Vorhandenes am Ziel wird untersucht…</translation>
    </message>
    <message>
        <source>Moving the copy into place…</source>
        <translation>Kopie wird an ihren Platz verschoben…</translation>
    </message>
    <message>
        <source>Checking the far side…</source>
        <translation>Gegenseite wird geprüft…</translation>
    </message>
    <message>
        <source>Cleaning up…</source>
        <translation>Aufräumen…</translation>
    </message>
    <message>
        <source>Deleting what the selection does not have…</source>
        <translation>Was nicht in der Auswahl ist, wird gelöscht…</translation>
    </message>
    <message>
        <source>Copying with {method}…</source>
        <translation>Kopieren mit {method}…</translation>
    </message>
    <message>
        <source>{done} of {total} · {rate} · about {time} left</source>
        <translation>{done} von {total} · {rate} · noch etwa {time}</translation>
    </message>
    <message>
        <source>{done} of {total} · {rate}</source>
        <translation>{done} von {total} · {rate}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s)</source>
        <translation>
            <numerusform>%Ln Datei</numerusform>
            <numerusform>%Ln Dateien</numerusform>
        </translation>
    </message>
    <message>
        <source>(nothing left to send)</source>
        <translation>(nichts mehr zu senden)</translation>
    </message>
    <message>
        <source>({sent} of it sent now)</source>
        <translation>(davon {sent} jetzt gesendet)</translation>
    </message>
    <message>
        <source>{files}, {size}{sent_now} in {time}{rate} with {method}{verified}</source>
        <translation>{files}, {size}{sent_now} in {time}{rate} mit {method}{verified}</translation>
    </message>
    <message>
        <source>NOT verified</source>
        <translation>NICHT geprüft</translation>
    </message>
    <message>
        <source>{files} to {where}, {verdict}.</source>
        <translation>{files} nach {where}, {verdict}.</translation>
    </message>
    <message>
        <source>every file, folder and link is there with the right size, and the files&apos; contents match ({tool})</source>
        <translation>jede Datei, jeder Ordner und jeder Link ist mit der richtigen Größe vorhanden, und die Inhalte der Dateien stimmen überein ({tool})</translation>
    </message>
    <message>
        <source>every file, folder and link is there with the right size</source>
        <translation>jede Datei, jeder Ordner und jeder Link ist mit der richtigen Größe vorhanden</translation>
    </message>
    <message numerus="yes">
        <source>{method} copies the %n hard-linked file(s) as separate files ({size} more at the destination).</source>
        <translation>
            <numerusform>{method} kopiert die %n per Hardlink verknüpfte Datei als eigenständige Datei ({size} mehr am Ziel).</numerusform>
            <numerusform>{method} kopiert die %n per Hardlink verknüpften Dateien als eigenständige Dateien ({size} mehr am Ziel).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{method} writes the %n sparse file(s) out whole ({size} more on the destination&apos;s disk).</source>
        <translation>
            <numerusform>{method} schreibt die Sparse-Datei vollständig aus ({size} mehr auf dem Datenträger des Ziels).</numerusform>
            <numerusform>{method} schreibt die %n Sparse-Dateien vollständig aus ({size} mehr auf dem Datenträger des Ziels).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{method} does not keep the extended attributes and ACLs of %n item(s) (--xattrs keeps them, with rsync or tar).</source>
        <translation>
            <numerusform>{method} erhält die erweiterten Attribute und ACLs von %n Element nicht (--xattrs erhält sie, mit rsync oder tar).</numerusform>
            <numerusform>{method} erhält die erweiterten Attribute und ACLs von %n Elementen nicht (--xattrs erhält sie, mit rsync oder tar).</numerusform>
        </translation>
    </message>
    <message>
        <source>and</source>
        <translation>und</translation>
    </message>
    <message>
        <source>{method} would be quicker but would not keep the {lost}.</source>
        <translation>{method} wäre schneller, würde aber Folgendes nicht erhalten: {lost}.</translation>
    </message>
    <message>
        <source>Reading the selection</source>
        <translation>Auswahl wird gelesen</translation>
    </message>
    <message>
        <source>Looking at what is already at the destination</source>
        <translation>Vorhandenes am Ziel wird untersucht</translation>
    </message>
    <message>
        <source>Moving the copy into place</source>
        <translation>Kopie wird an ihren Platz verschoben</translation>
    </message>
    <message>
        <source>Checking the far side</source>
        <translation>Gegenseite wird geprüft</translation>
    </message>
    <message>
        <source>Deleting what the selection does not have</source>
        <translation>Was nicht in der Auswahl ist, wird gelöscht</translation>
    </message>
    <message>
        <source>{method}: carrying on a file cut short</source>
        <translation>{method}: Eine abgebrochene Datei wird fortgesetzt</translation>
    </message>
    <message numerus="yes">
        <source>Updated: {unchanged} unchanged, {updated} updated, {new} new; %n item(s) newer at the destination left as they were.</source>
        <translation>
            <numerusform>Aktualisiert: {unchanged} unverändert, {updated} aktualisiert, {new} neu; %n am Ziel neueres Element blieb, wie es war.</numerusform>
            <numerusform>Aktualisiert: {unchanged} unverändert, {updated} aktualisiert, {new} neu; %n am Ziel neuere Elemente blieben, wie sie waren.</numerusform>
        </translation>
    </message>
    <message>
        <source>Updated: {unchanged} unchanged, {updated} updated, {new} new.</source>
        <translation>Aktualisiert: {unchanged} unverändert, {updated} aktualisiert, {new} neu.</translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) were already at the destination, identical, and were not sent again.</source>
        <translation>
            <numerusform>%n Element war bereits unverändert am Ziel und wurde nicht erneut gesendet.</numerusform>
            <numerusform>%n Elemente waren bereits unverändert am Ziel und wurden nicht erneut gesendet.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) at the destination left as they were: {names}.</source>
        <translation>
            <numerusform>%n Element am Ziel blieb, wie es war: {names}.</numerusform>
            <numerusform>%n Elemente am Ziel blieben, wie sie waren: {names}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) at the destination replaced.</source>
        <translation>
            <numerusform>%n Element am Ziel ersetzt.</numerusform>
            <numerusform>%n Elemente am Ziel ersetzt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) the race had copied were not sent again</source>
        <translation>
            <numerusform>%n vom Vergleich bereits kopiertes Element wurde nicht erneut gesendet</numerusform>
            <numerusform>%n vom Vergleich bereits kopierte Elemente wurden nicht erneut gesendet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) it had copied were not sent again</source>
        <translation>
            <numerusform>%n bereits kopiertes Element wurde nicht erneut gesendet</numerusform>
            <numerusform>%n bereits kopierte Elemente wurden nicht erneut gesendet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) the race had cut short went on from where they stopped</source>
        <translation>
            <numerusform>%n vom Vergleich abgebrochene Datei wurde dort fortgesetzt, wo sie aufgehört hatte</numerusform>
            <numerusform>%n vom Vergleich abgebrochene Dateien wurden dort fortgesetzt, wo sie aufgehört hatten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) it had cut short went on from where they stopped</source>
        <translation>
            <numerusform>%n abgebrochene Datei wurde dort fortgesetzt, wo sie aufgehört hatte</numerusform>
            <numerusform>%n abgebrochene Dateien wurden dort fortgesetzt, wo sie aufgehört hatten</numerusform>
        </translation>
    </message>
    <message>
        <source>{first}, and {second}</source>
        <translation>{first} und {second}</translation>
    </message>
    <message>
        <source>Carried on from the race, whose laps copied into this copy&apos;s staging folder: {what}.</source>
        <translation>Fortgesetzt nach dem Vergleich, dessen Probeläufe in den Zwischenordner dieser Kopie kopiert haben: {what}.</translation>
    </message>
    <message>
        <source>Carried on from an earlier run of this copy: {what}.</source>
        <translation>Fortgesetzt nach einem früheren Durchlauf dieser Kopie: {what}.</translation>
    </message>
    <message>
        <source>Kept both: the copy of {old} is {new}.</source>
        <translation>Beide behalten: Die Kopie von {old} heißt {new}.</translation>
    </message>
    <message numerus="yes">
        <source>... and %n more kept both the same way.</source>
        <translation>
            <numerusform>... und %n weiteres, bei dem ebenso beide behalten wurden.</numerusform>
            <numerusform>... und %n weitere, bei denen ebenso beide behalten wurden.</numerusform>
        </translation>
    </message>
    <message>
        <source>Files already at the destination were compared by size and time: hashing them failed.</source>
        <translation>Bereits am Ziel vorhandene Dateien wurden nach Größe und Zeit verglichen: Das Berechnen ihrer Prüfsummen ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Contents were not compared: {why}; sizes were compared.</source>
        <translation>Die Inhalte wurden nicht verglichen: {why}; verglichen wurden die Größen.</translation>
    </message>
    <message>
        <source>{method} copies what symbolic links point to, not the links themselves.</source>
        <translation>{method} kopiert, worauf symbolische Links zeigen, nicht die Links selbst.</translation>
    </message>
    <message>
        <source>{method} cannot send a list of files this way, so all of the selection was sent again.</source>
        <translation>{method} kann auf diese Weise keine Dateiliste senden, daher wurde die gesamte Auswahl erneut gesendet.</translation>
    </message>
    <message numerus="yes">
        <source>Removed %n folder(s) that earlier runs of Transfer Advisor left in {place} ({folders}).</source>
        <translation>
            <numerusform>Einen Ordner entfernt, den ein früherer Durchlauf von Transfer Advisor in {place} hinterlassen hatte ({folders}).</numerusform>
            <numerusform>%n Ordner entfernt, die frühere Durchläufe von Transfer Advisor in {place} hinterlassen hatten ({folders}).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{names} and %n more</source>
        <translation>
            <numerusform>{names} und %n weiteres</numerusform>
            <numerusform>{names} und %n weitere</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{path} (a folder: %n file(s), {size})</source>
        <translation>
            <numerusform>{path} (ein Ordner: %n Datei, {size})</numerusform>
            <numerusform>{path} (ein Ordner: %n Dateien, {size})</numerusform>
        </translation>
    </message>
    <message>
        <source>{path} (a link to {target})</source>
        <translation>{path} (ein Link auf {target})</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n Datei</numerusform>
            <numerusform>%n Dateien</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %n item(s) at {where} that the selection does not have ({files}, {size}).</source>
        <translation>
            <numerusform>%n Element in {where} gelöscht, das die Auswahl nicht hat ({files}, {size}).</numerusform>
            <numerusform>%n Elemente in {where} gelöscht, die die Auswahl nicht hat ({files}, {size}).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) were not deleted: they changed at the destination during the copy ({names}); run the mirror again to see them.</source>
        <translation>
            <numerusform>%n Element wurde nicht gelöscht: Es hat sich während des Kopierens am Ziel geändert ({names}); führen Sie die Spiegelung erneut aus, um es zu sehen.</numerusform>
            <numerusform>%n Elemente wurden nicht gelöscht: Sie haben sich während des Kopierens am Ziel geändert ({names}); führen Sie die Spiegelung erneut aus, um sie zu sehen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n folder(s) of Transfer Advisor&apos;s own inside the copy&apos;s folders were left: {names}.</source>
        <translation>
            <numerusform>%n eigener Ordner von Transfer Advisor in den Ordnern der Kopie wurde belassen: {names}.</numerusform>
            <numerusform>%n eigene Ordner von Transfer Advisor in den Ordnern der Kopie wurden belassen: {names}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Would send %n item(s), {size}, to {destination} ({unchanged} unchanged, not sent again):</source>
        <translation>
            <numerusform>Würde %n Element, {size}, nach {destination} senden ({unchanged} unverändert, nicht erneut gesendet):</numerusform>
            <numerusform>Würde %n Elemente, {size}, nach {destination} senden ({unchanged} unverändert, nicht erneut gesendet):</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Would send %n item(s), {size}, to {destination}:</source>
        <translation>
            <numerusform>Würde %n Element, {size}, nach {destination} senden:</numerusform>
            <numerusform>Würde %n Elemente, {size}, nach {destination} senden:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Would delete %n item(s) ({files}, {size}) that the selection does not have:</source>
        <translation>
            <numerusform>Würde %n Element ({files}, {size}) löschen, das die Auswahl nicht hat:</numerusform>
            <numerusform>Würde %n Elemente ({files}, {size}) löschen, die die Auswahl nicht hat:</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing was copied or deleted (a dry run).</source>
        <translation>Nichts wurde kopiert oder gelöscht (ein Probelauf).</translation>
    </message>
    <message numerus="yes">
        <source>Making {where} match the selection deletes %Ln item(s) there ({files}, {size}) that the selection does not have.</source>
        <translation>
            <numerusform>Damit {where} der Auswahl entspricht, wird dort %Ln Element gelöscht ({files}, {size}), das die Auswahl nicht hat.</numerusform>
            <numerusform>Damit {where} der Auswahl entspricht, werden dort %Ln Elemente gelöscht ({files}, {size}), die die Auswahl nicht hat.</numerusform>
        </translation>
    </message>
    <message>
        <source>They are deleted after the copy is in place and checked. Cancel copies nothing and deletes nothing.</source>
        <translation>Sie werden gelöscht, nachdem die Kopie an ihrem Platz ist und geprüft wurde. Mit „Abbrechen“ wird nichts kopiert und nichts gelöscht.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln item(s) of this copy are already at {where} and differ.</source>
        <translation>
            <numerusform>%Ln Element dieser Kopie ist bereits in {where} vorhanden und unterscheidet sich.</numerusform>
            <numerusform>%Ln Elemente dieser Kopie sind bereits in {where} vorhanden und unterscheiden sich.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln item(s) identical to what is there will not be sent again.</source>
        <translation>
            <numerusform>%Ln Element, das mit dem Vorhandenen übereinstimmt, wird nicht erneut gesendet.</numerusform>
            <numerusform>%Ln Elemente, die mit dem Vorhandenen übereinstimmen, werden nicht erneut gesendet.</numerusform>
        </translation>
    </message>
    <message>
        <source>A folder is never replaced by a file, or a file by a folder: move it aside, then copy again.</source>
        <translation>Ein Ordner wird nie durch eine Datei ersetzt und eine Datei nie durch einen Ordner: Verschieben Sie das Element beiseite und kopieren Sie dann erneut.</translation>
    </message>
    <message>
        <source>A folder is never replaced by a file, or a file by a folder: choose Skip or Keep both.</source>
        <translation>Ein Ordner wird nie durch eine Datei ersetzt und eine Datei nie durch einen Ordner: Wählen Sie „Überspringen“ oder „Beide behalten“.</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… und %n weiteres</numerusform>
            <numerusform>… und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Not encrypted: anyone on this network could read or change your files while they travel. Choose it only on a network you trust, such as your home network.</source>
        <translation>Nicht verschlüsselt: Jeder in diesem Netzwerk könnte Ihre Dateien unterwegs lesen oder verändern. Wählen Sie dies nur in einem vertrauenswürdigen Netzwerk, etwa Ihrem Heimnetz.</translation>
    </message>
    <message>
        <source>Insecure: the files cross the network unencrypted; use it only on a network you trust.</source>
        <translation>Unsicher: Die Dateien gehen unverschlüsselt über das Netzwerk; nur in einem vertrauenswürdigen Netzwerk verwenden.</translation>
    </message>
    <message>
        <source>Using {method}: your files and your password cross the network unencrypted.</source>
        <translation>{method} wird verwendet: Ihre Dateien und Ihr Passwort gehen unverschlüsselt über das Netzwerk.</translation>
    </message>
    <message>
        <source>Using {method}: your files cross the network unencrypted.</source>
        <translation>{method} wird verwendet: Ihre Dateien gehen unverschlüsselt über das Netzwerk.</translation>
    </message>
</context>
<context>
    <name>VerifyLevelWords</name>
    <message>
        <source>Sizes: every file, folder and link is there with the right size</source>
        <translation>Größen: Jede Datei, jeder Ordner und jeder Link ist mit der richtigen Größe vorhanden</translation>
    </message>
    <message>
        <source>Hashes: also compare the contents (slower; reads every file again)</source>
        <translation>Prüfsummen: auch die Inhalte vergleichen (langsamer; liest jede Datei noch einmal)</translation>
    </message>
</context>
<context>
    <name>VerifyReasons</name>
    <message>
        <source>{host} runs no commands for this account (SFTP only), so nothing there can hash the files</source>
        <translation>{host} führt für dieses Konto keine Befehle aus (nur SFTP), daher kann dort nichts Hashes der Dateien berechnen</translation>
    </message>
    <message>
        <source>{host} has no `xargs` to hand the files to a hash tool</source>
        <translation>{host} hat kein `xargs`, um die Dateien an ein Hash-Werkzeug zu übergeben</translation>
    </message>
    <message>
        <source>no hash tool ({tools}) is on both this computer and {host}</source>
        <translation>kein Hash-Werkzeug ({tools}) ist sowohl auf diesem Computer als auch auf {host} vorhanden</translation>
    </message>
</context>
<context>
    <name>Window</name>
    <message>
        <source>CPU unknown</source>
        <translation>CPU unbekannt</translation>
    </message>
    <message numerus="yes">
        <source>%n core(s), AES instructions</source>
        <translation>
            <numerusform>%n Kern, AES-Befehle</numerusform>
            <numerusform>%n Kerne, AES-Befehle</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n core(s)</source>
        <translation>
            <numerusform>%n Kern</numerusform>
            <numerusform>%n Kerne</numerusform>
        </translation>
    </message>
    <message>
        <source>no extra tools</source>
        <translation>keine weiteren Werkzeuge</translation>
    </message>
    <message>
        <source>Connected to {where} as {user} with a password · {cpu} · {tools}</source>
        <translation>Verbunden mit {where} als {user} mit Passwort · {cpu} · {tools}</translation>
    </message>
    <message>
        <source>Connected to {where} as {user} · {cpu} · {tools}</source>
        <translation>Verbunden mit {where} als {user} · {cpu} · {tools}</translation>
    </message>
    <message>
        <source>This demo host is this computer, reached over SSH ({description}). Copies go to {destination}, which is removed when you close the window.</source>
        <translation>Dieser Demo-Host ist dieser Computer, erreicht über SSH ({description}). Kopien gehen nach {destination}; der Ordner wird entfernt, wenn Sie das Fenster schließen.</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>copying…</source>
        <translation>kopiert…</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message numerus="yes">
        <source>{first} and %n more</source>
        <translation>
            <numerusform>{first} und %n weiteres</numerusform>
            <numerusform>{first} und %n weitere</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The queue stopped at the copy that did not finish; %n copy(s) still waiting. Start the queue to go on, or remove them.</source>
        <translation>
            <numerusform>Die Warteschlange hat bei der Kopie angehalten, die nicht fertig wurde; %n Kopie wartet noch. Starten Sie die Warteschlange, um weiterzumachen, oder entfernen Sie sie.</numerusform>
            <numerusform>Die Warteschlange hat bei der Kopie angehalten, die nicht fertig wurde; %n Kopien warten noch. Starten Sie die Warteschlange, um weiterzumachen, oder entfernen Sie sie.</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove {host} from the host list? Its password is forgotten here and in the keyring; the host, its files and your key files are not touched.</source>
        <translation>{host} aus der Host-Liste entfernen? Sein Passwort wird hier und im Schlüsselbund vergessen; der Host, seine Dateien und Ihre Schlüsseldateien bleiben unberührt.</translation>
    </message>
    <message>
        <source>{host} is off the list. Add it again any time with Add host.</source>
        <translation>{host} ist nicht mehr in der Liste. Mit „Host hinzufügen“ können Sie ihn jederzeit wieder aufnehmen.</translation>
    </message>
    <message>
        <source>Connecting to {host}…</source>
        <translation>Verbinde mit {host}…</translation>
    </message>
    <message>
        <source>Could not connect to {host}</source>
        <translation>Keine Verbindung zu {host} möglich</translation>
    </message>
    <message>
        <source>Making a key and adding it to {host}…</source>
        <translation>Erzeuge einen Schlüssel und hinterlege ihn auf {host}…</translation>
    </message>
    <message>
        <source>{host} is new: fetching its key fingerprint…</source>
        <translation>{host} ist neu: sein Schlüssel-Fingerabdruck wird abgerufen…</translation>
    </message>
    <message>
        <source>The key of {host} cannot be checked</source>
        <translation>Der Schlüssel von {host} kann nicht geprüft werden</translation>
    </message>
    <message>
        <source>Compare the fingerprint of {host} before trusting it.</source>
        <translation>Vergleichen Sie den Fingerabdruck von {host}, bevor Sie ihm vertrauen.</translation>
    </message>
    <message>
        <source>Remembering the key of {host}…</source>
        <translation>Der Schlüssel von {host} wird gespeichert…</translation>
    </message>
    <message>
        <source>Not connected: the key of {host} was not trusted, so nothing was sent to it.</source>
        <translation>Nicht verbunden: Dem Schlüssel von {host} wurde nicht vertraut, daher wurde nichts dorthin gesendet.</translation>
    </message>
    <message>
        <source>Measured and raced in {time}. Copy now, or find again after a change.</source>
        <translation>Gemessen und verglichen in {time}. Jetzt kopieren oder nach einer Änderung neu suchen.</translation>
    </message>
    <message>
        <source>Copies with {method}, then checks the far side.</source>
        <translation>Kopiert mit {method} und prüft danach die Gegenseite.</translation>
    </message>
    <message>
        <source>Encrypted copy — {time}</source>
        <translation>Verschlüsselte Kopie — {time}</translation>
    </message>
    <message>
        <source>Unencrypted copy — {time}</source>
        <translation>Unverschlüsselte Kopie — {time}</translation>
    </message>
    <message>
        <source>about a second</source>
        <translation>etwa eine Sekunde</translation>
    </message>
    <message>
        <source>about {seconds} s</source>
        <translation>etwa {seconds} s</translation>
    </message>
    <message>
        <source>about {minutes} min</source>
        <translation>etwa {minutes} min</translation>
    </message>
    <message>
        <source>about {hours} h {minutes} min</source>
        <translation>etwa {hours} h {minutes} min</translation>
    </message>
    <message>
        <source>{time} for {size}, timed on your files</source>
        <translation>{time} für {size}, an Ihren Dateien gestoppt</translation>
    </message>
    <message>
        <source>{time} for {size}, predicted</source>
        <translation>{time} für {size}, vorhergesagt</translation>
    </message>
    <message>
        <source>{rate} timed on your files</source>
        <translation>{rate}, an Ihren Dateien gestoppt</translation>
    </message>
    <message>
        <source>{rate} measured on your files</source>
        <translation>{rate}, an Ihren Dateien gemessen</translation>
    </message>
    <message>
        <source>{rate} predicted</source>
        <translation>{rate} vorhergesagt</translation>
    </message>
    <message>
        <source>{speed} · {size} in all</source>
        <translation>{speed} · {size} insgesamt</translation>
    </message>
    <message>
        <source>timed</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>gemessen</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>vorhergesagt</translation>
    </message>
    <message>
        <source>Others: {list}</source>
        <translation>Andere: {list}</translation>
    </message>
    <message>
        <source>Fastest on your files: {method} at {rate}.</source>
        <translation>Am schnellsten mit Ihren Dateien: {method} mit {rate}.</translation>
    </message>
    <message>
        <source>Quickest on your files: {method}, all of them in {time}.</source>
        <translation>Am schnellsten mit Ihren Dateien: {method}, alle in {time}.</translation>
    </message>
    <message>
        <source>Its copy is kept: Copy now with it only checks it and puts it in place.</source>
        <translation>Seine Kopie bleibt erhalten: „Jetzt kopieren“ mit dieser Methode prüft sie nur und legt sie an ihren Platz.</translation>
    </message>
    <message>
        <source>{method} failed: {error}</source>
        <translation>{method} fehlgeschlagen: {error}</translation>
    </message>
    <message>
        <source>A copy is still running. Stop it and quit? Nothing half-written is left at the destination, and the helpers started on the host are removed.</source>
        <translation>Eine Kopie läuft noch. Anhalten und beenden? Am Ziel bleibt nichts halb Geschriebenes zurück, und die auf dem Host gestarteten Helfer werden entfernt.</translation>
    </message>
    <message>
        <source>The measurement is still running. Stop it and quit? Nothing half-written is left at the destination, and the helpers started on the host are removed.</source>
        <translation>Die Messung läuft noch. Anhalten und beenden? Am Ziel bleibt nichts halb Geschriebenes zurück, und die auf dem Host gestarteten Helfer werden entfernt.</translation>
    </message>
    <message>
        <source>Press “Find the fastest way”: each measurement appears here as it finishes.</source>
        <translation>Klicken Sie auf „Schnellsten Weg finden“: Jede Messung erscheint hier, sobald sie fertig ist.</translation>
    </message>
    <message>
        <source>Measuring: the round trip, the network, ssh with each cipher, the disks…</source>
        <translation>Messung läuft: Umlaufzeit, Netzwerk, ssh mit jeder Verschlüsselung, die Festplatten…</translation>
    </message>
    <message>
        <source>Stopped before the measurements were complete.</source>
        <translation>Angehalten, bevor die Messungen vollständig waren.</translation>
    </message>
    <message>
        <source>the network</source>
        <translation>das Netzwerk</translation>
    </message>
    <message>
        <source>the network on several connections at once</source>
        <translation>das Netzwerk mit mehreren Verbindungen gleichzeitig</translation>
    </message>
    <message>
        <source>the destination disk</source>
        <translation>die Zielfestplatte</translation>
    </message>
    <message>
        <source>reading your files</source>
        <translation>das Lesen Ihrer Dateien</translation>
    </message>
    <message>
        <source>ssh encryption, {rate} with its fastest cipher so far ({cipher})</source>
        <translation>die ssh-Verschlüsselung, {rate} mit dem bisher schnellsten Verfahren ({cipher})</translation>
    </message>
    <message>
        <source>Slowest step so far: {what}. The verdict comes after the race.</source>
        <translation>Bisher langsamster Schritt: {what}. Das Urteil folgt nach dem Vergleich.</translation>
    </message>
</context>
</TS>
