// Built-in stop-word lists for word counting: the function words of English, German, French,
// Spanish, Chinese, Japanese, Korean and Thai (articles, pronouns, auxiliaries, prepositions,
// conjunctions, particles).
// Source and licence: written for TextFlow from general knowledge of each language's grammar,
// not copied from another list, so they are TextFlow's own source under its licence.
// Lowercase; matched against case-folded words.
import Foundation

/// The built-in stop-word lists.
public enum StopWords {
  /// A built-in language.
  public enum Language: String, Sendable, CaseIterable {
    case english, german, french, spanish, chinese, japanese, korean, thai
  }

  /// French words elided before a vowel with an apostrophe (le and la as l', de as d', je, me,
  /// te, se, ne, ce, que and the conjunctions ending in que), for `WordCounter.elisions`.
  public static let frenchElisions: Set<String> = [
    "c", "d", "j", "l", "m", "n", "qu", "s", "t", "jusqu", "lorsqu", "puisqu", "quoiqu",
  ]

  /// The list for `language`.
  public static func list(_ language: Language) -> Set<String> {
    switch language {
    case .english: return english
    case .german: return german
    case .french: return french
    case .spanish: return spanish
    case .chinese: return chinese
    case .japanese: return japanese
    case .korean: return korean
    case .thai: return thai
    }
  }

  /// The language for a name or ISO 639-1 code ("english", "en", "de", "zh", …), or nil.
  public static func language(named name: String) -> Language? {
    switch name.lowercased() {
    case "english", "en": return .english
    case "german", "de", "deutsch": return .german
    case "french", "fr", "français": return .french
    case "spanish", "es", "español": return .spanish
    case "chinese", "zh": return .chinese
    case "japanese", "ja": return .japanese
    case "korean", "ko": return .korean
    case "thai", "th": return .thai
    default: return nil
    }
  }

  /// The stop words of running text when none are named. With a `locale` whose language has
  /// a list, that list. Otherwise English (as Python's `wordcloud` leaves out its English
  /// `STOPWORDS` unless told otherwise: without them a cloud of any text is "the", "and" and
  /// "of"), with the Japanese list when `text` has kana, the Korean one when it has Hangul
  /// syllables, the Thai one when it has Thai letters, and the Chinese one when it has
  /// ideographs and kana are fewer than a fifth of them (Japanese writes about two kana to an
  /// ideograph, and the Chinese list's 会, 地 and 能 are Japanese content words).
  public static func defaults(for text: String, locale: String?) -> Set<String> {
    if let language = locale.flatMap(WordCounter.language(ofLocale:)).flatMap(language(named:)) {
      return list(language)
    }
    let scripts = ScriptCounts(of: text)
    var words = english
    if scripts.kana > 0 { words.formUnion(japanese) }
    if scripts.hangul > 0 { words.formUnion(korean) }
    if scripts.thai > 0 { words.formUnion(thai) }
    if scripts.ideographs > 0, scripts.kana * 5 < scripts.ideographs { words.formUnion(chinese) }
    return words
  }

  /// How many characters of a text are Thai (U+0E00–U+0E7F), kana (U+3040–U+30FF), CJK
  /// unified ideographs (U+4E00–U+9FFF) and Hangul (U+AC00–U+D7FF: the syllables and the jamo
  /// after them), read from their UTF-8 lead and second bytes (three bytes each) without
  /// decoding the text.
  struct ScriptCounts {
    var kana = 0
    var ideographs = 0
    var hangul = 0
    var thai = 0

    init(of text: String) {
      var text = text
      text.withUTF8 { bytes in
        var index = 0
        while index + 1 < bytes.count {
          let lead = bytes[index]
          guard lead >= 0xE0 && lead <= 0xED else {
            index += 1
            continue
          }
          let second = bytes[index + 1]
          switch lead {
          case 0xE0: if second == 0xB8 || second == 0xB9 { thai += 1 }
          case 0xE1, 0xE2: break
          case 0xE3: if second >= 0x81 && second <= 0x83 { kana += 1 }
          case 0xE4: if second >= 0xB8 { ideographs += 1 }
          case 0xE5...0xE9: ideographs += 1
          case 0xEA: if second >= 0xB0 { hangul += 1 }
          // 0xED's characters end at U+D7FF (after it come the surrogates, never in UTF-8).
          default: hangul += 1
          }
          index += 3
        }
      }
    }
  }

  private static func words(_ text: String) -> Set<String> {
    Set(text.split(whereSeparator: \.isWhitespace).map(String.init))
  }

  /// English function words.
  public static let english = words(
    """
    a about above after again against all almost also am among an and another any anybody
    anyone anything are around as at be because been before being below between both but by
    can cannot could did do does doing done down during each either else enough etc even ever
    every few for from further get gets got had has have having he her here hers herself him
    himself his how however i if in into is it its itself just least less let like may me
    might mine more most much must my myself neither no nobody none nor not nothing now of off
    often on once one only onto or other others otherwise ought our ours ourselves out over own
    per perhaps rather same shall she should since so some somebody someone something such than
    that the their theirs them themselves then there therefore these they this those though
    through thus to too toward towards under unless until up upon us very via was we were what
    whatever when whenever where whereas wherever whether which while who whoever whom whose why
    will with within without would yet you your yours yourself yourselves
    it's i'm i've i'd i'll you're you've you'd you'll he's she's we're we've they're they've
    that's there's what's who's let's don't doesn't didn't isn't aren't wasn't weren't won't
    wouldn't can't couldn't shouldn't hasn't haven't hadn't mustn't
    """)

  /// German function words.
  public static let german = words(
    """
    aber alle allem allen aller alles als also am an andere anderen anders auch auf aus bei
    beim bin bis bist bitte da dabei dadurch dafür dagegen daher damit dann dar darauf darin
    darum das dass daß dein deine deinem deinen deiner dem den denn der deren des dessen dich
    die dies diese diesem diesen dieser dieses dir doch dort du durch ein eine einem einen
    einer eines er es etwa euch euer eure für gegen gewesen hab habe haben hat hatte hatten
    hier hin hinter ich ihm ihn ihnen ihr ihre ihrem ihren ihrer ihres im in indem ins ist ja
    je jede jedem jeden jeder jedes jetzt kann kein keine keinem keinen keiner können könnte
    man mein meine meinem meinen meiner mich mir mit muss musste nach nicht nichts noch nun nur
    ob oder ohne sehr sein seine seinem seinen seiner sich sie sind so solche sollte sondern
    sonst über um und uns unser unsere unter viel vom von vor wann war waren warum was weil
    welche welchem welchen welcher welches wenn wer werde werden wie wieder will wir wird wo
    wurde wurden zu zum zur zwar zwischen
    """)

  /// French function words.
  public static let french = words(
    """
    à ai aie aient aies ait alors as au aucun aucune aura aurai auraient aurais aurait aux avec
    avais avait avant avez aviez avions avoir avons ayant c ça car ce ceci cela celle celles
    celui cependant ces cet cette ceux chaque chez ci comme comment d dans de depuis des donc
    dont du elle elles en encore entre es est et étaient étais était étant été être eu eux
    fait faire fois furent fut ici il ils j je jusqu l la là le les leur leurs lui m ma mais
    me même mes moi mon n ne ni nos notre nous on ont ou où par parce pas peu peut plus pour
    pourquoi qu quand que quel quelle quelles quels qui s sa sans se sera seront ses si sien
    soi soit son sont sous suis sur t ta te tes toi ton tous tout toute toutes très tu un une
    vers voici voilà vos votre vous y c'est d'un d'une l'on qu'il qu'elle
    """)

  /// Spanish function words.
  public static let spanish = words(
    """
    a al algo algún alguna algunas alguno algunos ante antes aquel aquella aquellas aquellos
    aquí así aunque bajo bien cada casi como con contra cual cuales cuando cuanto de del desde
    donde dos e el él ella ellas ello ellos en entre era eran eres es esa esas ese eso esos
    esta está estaba estaban están estar estas este esto estos estoy fue fueron ha había
    habían han has hasta hay he la las le les lo los más me mi mí mis mucho muchos muy nada ni
    no nos nosotros nuestra nuestras nuestro nuestros o os otra otras otro otros para pero poco
    por porque que qué quien quién se sea ser si sí sido sin sobre sois somos son soy su sus
    suya suyo también tan tanto te tener tengo ti tiene tienen todo todos tu tú tus un una uno
    unos usted ustedes vosotros y ya yo
    """)

  /// Chinese function words and particles (simplified and traditional forms).
  public static let chinese = words(
    """
    的 了 是 在 和 有 我 你 他 她 它 们 我们 你们 他们 她们 它们 这 那 这个 那个 这些 那些 就 也
    都 而 及 与 與 或 但 但是 因为 因為 所以 如果 虽然 雖然 然后 然後 还 還 又 把 被 让 讓 给 給
    对 對 从 從 向 于 於 以 为 為 之 其 个 個 着 著 过 過 吗 嗎 呢 吧 啊 呀 么 麼 什么 什麼 怎么
    怎麼 哪 哪里 哪裡 这里 這裡 那里 那裡 很 不 没 沒 没有 沒有 会 會 能 要 可以 自己 一 一个 一個
    上 下 中 里 裡 来 來 去 说 說 到 得 地 等 等等 并 並 即 则 則 该 該 此 每 各 些
    """)

  /// Japanese function words as ICU's dictionary segments running text: particles and their
  /// compounds, the copula and auxiliaries (with the stems ICU cuts them into: "なかっ" of
  /// "なかった", "あっ" of "あった"), demonstratives, conjunctions and formal nouns.
  public static let japanese = words(
    """
    から まで より だけ しか ほど くらい ぐらい など なら ばかり こそ さえ でも とも って
    という といった として とする について による により によって における において にとって
    に対して に対する に関する とともに ので のに けど けれど けれども ながら たり
    だ です でし でした でしょう だっ だった だろう である であり であっ であった ます まし
    ました ません ましょう しょう ない なかっ なか なく なけれ そうだ ある あり あっ あった
    あれ いる いた いて い する し した して しまう しまっ され される させ させる られ られる れる
    せる ず ぬ よう そう らしい みたい こと もの ため とき ところ わけ はず ほう
    これ それ あれ どれ この その あの どの ここ そこ あそこ どこ こちら そちら あちら どちら
    こう ああ どう こんな そんな あんな どんな
    そして しかし しかも また または および それで それから だから ですから ただ ところが
    つまり なお さらに
    もう まだ とても たち さん
    """)

  /// Korean function words that stand as words of their own between spaces: conjunctions,
  /// demonstratives, pronouns, bound nouns and the commonest forms of 있다, 없다, 하다, 되다 and
  /// 이다. Nouns with their particles attached are counted with the noun by
  /// `WordCounter.mergesKoreanParticles`, which looks its result up here too ("것은" is "것").
  public static let korean = words(
    """
    그리고 그러나 하지만 그런데 그래서 그러면 그러므로 따라서 또한 또는 혹은 및 또 즉 등 등등
    이 그 저 이것 그것 저것 여기 거기 저기 이런 그런 저런 어떤 무슨 모든 각 이러한 그러한
    나 너 저 우리 저희 너희 당신 그들 그녀 자신 누구 무엇 뭐 어디 언제 왜 어떻게
    것 수 때 중 데 바 점 뿐 대로 만큼 위 위해 위한 대한 대해 통해 따라 관한 관해 같은 같이
    있다 있는 있고 있어 있어서 있습니다 있었다 있을 없다 없는 없이 없습니다 하다 하는 하고 하여
    해서 했다 한다 합니다 했습니다 할 한 하면 되다 되는 되어 된 된다 됩니다 될 이다 입니다 아니다
    더 잘 좀 다 매우 아주 너무 가장 바로 다시 이미 아직 함께
    """)

  /// Thai function words as ICU's dictionary segments running text (Thai is written without
  /// spaces between words): conjunctions, prepositions, the nominalisers การ and ความ,
  /// auxiliaries, pronouns, polite particles and common quantifiers.
  public static let thai = words(
    """
    และ ที่ ของ ใน เป็น การ ความ ได้ มี ให้ ไม่ ว่า จะ ก็ กับ แต่ หรือ จาก โดย ซึ่ง นี้ นั้น
    อยู่ ไป มา แล้ว เพื่อ ถึง ยัง ต้อง คือ อย่าง ทำ เมื่อ ด้วย ถ้า กัน ไว้ ออก ขึ้น ลง แก่ แห่ง
    ต่อ ตาม บาง ทุก หลาย อีก เคย กำลัง ควร อาจ มาก ครับ ค่ะ คะ นะ เรา เขา ฉัน ผม คุณ มัน เธอ ท่าน
    อะไร ใคร เช่น ทั้ง ส่วน จึง เลย จน ระหว่าง
    """)
}
