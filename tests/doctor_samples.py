"""Small clean samples in six languages, written for these tests (not taken from any test set).

Each sample is (source in English, hypothesis, reference): the reference is a faithful translation written for
the project, the hypothesis another faithful translation of the same sentence, worded differently as a good
system words it. They are clean on purpose: the doctor must find no warning and no error in them. French keeps
its typography (a no-break space before ":" and "?", guillemets with no-break spaces); two of the nine French
lines are translated exactly as the reference, as a good system does now and then.
"""

from __future__ import annotations

NBSP = "\u00a0"
NNBSP = "\u202f"

SOURCE = [
    "The train to Lyon leaves at eight o'clock tomorrow morning.",
    "My grandmother grows tomatoes and beans in her small garden.",
    "The museum is closed on Mondays, but the library stays open.",
    "We asked the waiter for the bill after a long dinner.",
    "Heavy rain is expected in the north of the country this weekend.",
    "She has been learning to play the violin for three years.",
    "The new bridge will connect the two parts of the old town.",
    "Please switch off your phones before the concert begins.",
    "The children were tired but happy after the school trip.",
]

FRENCH_REFS = [
    "Le train pour Lyon part demain matin à huit heures.",
    "Ma grand-mère cultive des tomates et des haricots dans son petit jardin.",
    "Le musée est fermé le lundi, mais la bibliothèque reste ouverte.",
    "Après un long dîner, nous avons demandé l'addition au serveur.",
    f"Attention{NBSP}: de fortes pluies sont attendues dans le nord du pays ce week-end.",
    "Elle apprend à jouer du violon depuis trois ans.",
    f"Le nouveau pont reliera les deux parties de la vieille ville{NNBSP}?",
    f"Veuillez éteindre vos téléphones avant le début du concert, dit l'affiche{NBSP}: «{NBSP}silence{NBSP}».",
    "Les enfants étaient fatigués mais heureux après la sortie scolaire.",
]
FRENCH_HYPS = [
    "Le train pour Lyon partira demain à huit heures du matin.",
    "Ma grand-mère cultive des tomates et des haricots dans son petit jardin.",  # exactly as the reference
    "Le musée ferme le lundi, mais la bibliothèque reste ouverte.",
    "Nous avons demandé l'addition au serveur après un long dîner.",
    f"Attention{NBSP}: de fortes pluies sont prévues dans le nord du pays ce week-end.",
    "Elle apprend à jouer du violon depuis trois ans.",  # exactly as the reference
    f"Le nouveau pont va relier les deux parties de la vieille ville{NNBSP}?",
    f"Merci d'éteindre vos téléphones avant le début du concert, dit l'affiche{NBSP}: «{NBSP}silence{NBSP}».",
    "Les enfants étaient fatigués, mais heureux après le voyage scolaire.",
]

GERMAN_REFS = [
    "Der Zug nach Lyon fährt morgen früh um acht Uhr ab.",
    "Meine Großmutter baut in ihrem kleinen Garten Tomaten und Bohnen an.",
    "Das Museum ist montags geschlossen, aber die Bibliothek bleibt geöffnet.",
    "Nach einem langen Abendessen baten wir den Kellner um die Rechnung.",
    "Am Wochenende wird im Norden des Landes starker Regen erwartet.",
    "Sie lernt seit drei Jahren Geige spielen.",
    "Die neue Brücke wird die beiden Teile der Altstadt verbinden.",
    "Bitte schalten Sie Ihre Telefone vor Beginn des Konzerts aus.",
    "Die Kinder waren nach dem Schulausflug müde, aber glücklich.",
]
GERMAN_HYPS = [
    "Der Zug nach Lyon fährt morgen um acht Uhr früh.",
    "Meine Oma pflanzt in ihrem kleinen Garten Tomaten und Bohnen an.",
    "Montags ist das Museum geschlossen, die Bibliothek bleibt aber offen.",
    "Nach einem langen Abendessen baten wir den Kellner um die Rechnung.",
    "Für das Wochenende wird im Norden des Landes starker Regen erwartet.",
    "Sie lernt seit drei Jahren, Geige zu spielen.",
    "Die neue Brücke soll die zwei Teile der Altstadt verbinden.",
    "Bitte schalten Sie vor Beginn des Konzerts Ihre Handys aus.",
    "Nach dem Schulausflug waren die Kinder müde, aber glücklich.",
]

CZECH_REFS = [
    "Vlak do Lyonu odjíždí zítra ráno v osm hodin.",
    "Moje babička pěstuje na své malé zahrádce rajčata a fazole.",
    "Muzeum je v pondělí zavřené, ale knihovna zůstává otevřená.",
    "Po dlouhé večeři jsme požádali číšníka o účet.",
    "O víkendu se na severu země očekává silný déšť.",
    "Už tři roky se učí hrát na housle.",
    "Nový most spojí obě části starého města.",
    "Před začátkem koncertu prosím vypněte své telefony.",
    "Děti byly po školním výletě unavené, ale šťastné.",
]
CZECH_HYPS = [
    "Vlak do Lyonu jede zítra ráno v osm hodin.",
    "Babička pěstuje na své malé zahradě rajčata a fazole.",
    "V pondělí je muzeum zavřené, knihovna však zůstává otevřená.",
    "Po dlouhé večeři jsme číšníka požádali o účet.",
    "Na víkend se na severu země očekávají silné deště.",
    "Na housle se učí hrát už tři roky.",
    "Nový most propojí obě části starého města.",
    "Prosím, vypněte před začátkem koncertu telefony.",
    "Po školním výletě byly děti unavené, ale šťastné.",
]

RUSSIAN_REFS = [
    "Поезд в Лион отправляется завтра в восемь часов утра.",
    "Моя бабушка выращивает помидоры и фасоль в своём маленьком саду.",
    "По понедельникам музей закрыт, но библиотека остаётся открытой.",
    "После долгого ужина мы попросили у официанта счёт.",
    "В эти выходные на севере страны ожидаются сильные дожди.",
    "Она учится играть на скрипке уже три года.",
    "Новый мост соединит две части старого города.",
    "Пожалуйста, выключите телефоны перед началом концерта.",
    "После школьной экскурсии дети были уставшими, но счастливыми.",
]
RUSSIAN_HYPS = [
    "Поезд в Лион отходит завтра в восемь утра.",
    "Моя бабушка выращивает в своём маленьком саду помидоры и фасоль.",
    "Музей по понедельникам закрыт, а библиотека остаётся открытой.",
    "После долгого ужина мы попросили официанта принести счёт.",
    "На выходных на севере страны ожидаются сильные дожди.",
    "Она уже три года учится играть на скрипке.",
    "Новый мост соединит две части старого города.",
    "Пожалуйста, выключите свои телефоны до начала концерта.",
    "Дети были уставшими, но счастливыми после школьной экскурсии.",
]

JAPANESE_REFS = [
    "リヨン行きの列車は明日の朝八時に出発します。",
    "祖母は小さな庭でトマトと豆を育てています。",
    "博物館は月曜日は休館ですが、図書館は開いています。",
    "長い夕食の後、私たちはウェイターに会計を頼みました。",
    "今週末、国の北部では大雨が予想されています。",
    "彼女は三年前からバイオリンを習っています。",
    "新しい橋は旧市街の二つの地区を結びます。",
    "コンサートが始まる前に携帯電話の電源をお切りください。",
    "遠足の後、子どもたちは疲れていましたが幸せそうでした。",
]
JAPANESE_HYPS = [
    "リヨン行きの電車は明日の午前八時に出発します。",
    "祖母は小さな庭でトマトと豆を栽培しています。",
    "博物館は月曜日が休みですが、図書館は開いています。",
    "長い夕食の後、私たちはウェイターに勘定を頼みました。",
    "今週末は国の北部で大雨が予想されています。",
    "彼女は三年間バイオリンを習っています。",
    "新しい橋は旧市街の二つの部分をつなぎます。",
    "コンサートの開始前に携帯電話の電源を切ってください。",
    "遠足の後、子どもたちは疲れていましたが、幸せそうでした。",
]

KOREAN_REFS = [
    "리옹행 기차는 내일 아침 여덟 시에 출발합니다.",
    "할머니는 작은 정원에서 토마토와 콩을 기르십니다.",
    "박물관은 월요일에 문을 닫지만 도서관은 열려 있습니다.",
    "긴 저녁 식사 후에 우리는 웨이터에게 계산서를 요청했습니다.",
    "이번 주말 북부 지방에 폭우가 예상됩니다.",
    "그녀는 삼 년째 바이올린을 배우고 있습니다.",
    "새 다리는 구시가지의 두 지역을 연결할 것입니다.",
    "공연이 시작되기 전에 휴대전화를 꺼 주십시오.",
    "아이들은 소풍 후에 피곤했지만 행복했습니다.",
]
KOREAN_HYPS = [
    "리옹으로 가는 기차는 내일 아침 여덟 시에 출발합니다.",
    "할머니는 작은 정원에서 토마토와 콩을 키우십니다.",
    "박물관은 월요일에 휴관하지만 도서관은 열려 있습니다.",
    "긴 저녁 식사 후 우리는 웨이터에게 계산서를 부탁했습니다.",
    "이번 주말 북부 지역에 폭우가 예상됩니다.",
    "그녀는 삼 년 동안 바이올린을 배우고 있습니다.",
    "새 다리는 구시가지의 두 지역을 이어 줄 것입니다.",
    "공연 시작 전에 휴대전화를 꺼 주세요.",
    "아이들은 소풍 후에 피곤했지만 행복해 보였습니다.",
]

#: language -> (hypotheses, references, the tokenizer sacreBLEU's language option picks for it)
SAMPLES = {
    "fr": (FRENCH_HYPS, FRENCH_REFS, "13a"),
    "de": (GERMAN_HYPS, GERMAN_REFS, "13a"),
    "cs": (CZECH_HYPS, CZECH_REFS, "13a"),
    "ru": (RUSSIAN_HYPS, RUSSIAN_REFS, "13a"),
    "ja": (JAPANESE_HYPS, JAPANESE_REFS, "ja-mecab"),
    "ko": (KOREAN_HYPS, KOREAN_REFS, "13a"),  # Korean writes spaces between words: 13a is fine for it
}
