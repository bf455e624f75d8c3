<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE" sourcelanguage="en_GB">
<context>
    <name>Window</name>
    <message>
        <source>CPU unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n core(s), AES instructions</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n core(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>no extra tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected to {where} as {user} with a password · {cpu} · {tools}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected to {where} as {user} · {cpu} · {tools}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This demo host is this computer, reached over SSH ({description}). Copies go to {destination}, which is removed when you close the window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copying…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>{first} and %n more</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The queue stopped at the copy that did not finish; %n copy(s) still waiting. Start the queue to go on, or remove them.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Remove {host} from the host list? Its password is forgotten here and in the keyring; the host, its files and your key files are not touched.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{host} is off the list. Add it again any time with Add host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to {host}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not connect to {host}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Making a key and adding it to {host}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{host} is new: fetching its key fingerprint…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key of {host} cannot be checked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare the fingerprint of {host} before trusting it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remembering the key of {host}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected: the key of {host} was not trusted, so nothing was sent to it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured and raced in {time}. Copy now, or find again after a change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copies with {method}, then checks the far side.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all the files in one encrypted stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rsync over an encrypted connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenSSH&apos;s secure copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenSSH&apos;s secure copy, the old way</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenSSH&apos;s file transfer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file piped through an encrypted connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all the files in one stream, not encrypted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rsync without encryption</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Encrypted copy — {time}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unencrypted copy — {time}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>about a second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>about {seconds} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>about {minutes} min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>about {hours} h {minutes} min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{time} for {size}, timed on your files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{time} for {size}, predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{rate} timed on your files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{rate} measured on your files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{rate} predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{speed} · {size} in all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Others: {list}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fastest on your files: {method} at {rate}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quickest on your files: {method}, all of them in {time}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{method} failed: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A copy is still running. Stop it and quit? Nothing half-written is left at the destination, and the helpers started on the host are removed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The measurement is still running. Stop it and quit? Nothing half-written is left at the destination, and the helpers started on the host are removed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press “Find the fastest way”: each measurement appears here as it finishes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measuring: the round trip, the network, ssh with each cipher, the disks…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped before the measurements were complete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the network on several connections at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the destination disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading your files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ssh encryption, {rate} with its fastest cipher so far ({cipher})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slowest step so far: {what}. The verdict comes after the race.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
